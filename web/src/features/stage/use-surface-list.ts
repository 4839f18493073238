import { useCallback, useEffect, useRef } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { usePagedList, type PagedList } from '../../ui/paged-list.ts';
import type { PagedListMethod } from '#client/session/session-requests.ts';
import { recordedListItems } from '#client/session/recorded-lists.ts';
import { watchIncomingNotifications } from '../server-log/trace-notifications.ts';

/** The notification that says each list changed. */
const CHANGED: Record<PagedListMethod, string> = {
  'resources/list': 'notifications/resources/list_changed',
  'resources/templates/list': 'notifications/resources/list_changed',
  'prompts/list': 'notifications/prompts/list_changed',
};

/**
 * One of the server's lists for the left column, page by page: asked of the server when it declares the
 * capability (and again, fresh, when it says the list changed), or in a replay what the recording listed.
 */
export function useSurfaceList(
  method: PagedListMethod,
  capability: 'resources' | 'prompts',
  /** Off: nothing is asked (the caller has what it needs). */
  enabled = true,
): PagedList<Record<string, unknown>> & { declared: boolean } {
  const { session, replay } = useServices();
  const server = useStore(session.state, (s) => s.server);
  const declared = server?.capabilities[capability] !== undefined;
  const fetchPage = useCallback(
    (cursor?: string, options?: { fresh?: boolean }) =>
      replay
        ? Promise.resolve({ items: recordedListItems(session.trace.get().frames, method) })
        : session.listPage(method, cursor, options),
    [session, method, replay],
  );
  const list = usePagedList(fetchPage, enabled && (declared || replay) ? (server ?? replay) : undefined);
  const reload = useRef(list.reload);
  reload.current = list.reload;
  useEffect(() => {
    if (replay || !enabled) return;
    // Only what arrives from now on: the notifications already in the trace were answered by earlier lists.
    let ready = false;
    const stop = watchIncomingNotifications(session.trace, ({ method: notified }) => {
      if (ready && notified === CHANGED[method]) reload.current();
    });
    ready = true;
    return stop;
  }, [session, method, replay, enabled]);
  return { ...list, declared };
}
