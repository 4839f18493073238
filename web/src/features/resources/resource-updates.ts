import type { McpSession } from '#client/session/mcp-session.ts';
import { Store } from '#client/lib/store.ts';
import { watchIncomingNotifications } from '../server-log/trace-notifications.ts';

/** How often a resource was said to be updated, and when last (the bridge's time). */
export interface ResourceUpdate {
  count: number;
  lastTime: number;
}

/**
 * The `notifications/resources/updated` of this session by URI, counted from the trace (so a replay shows
 * them as live did); kept while the session lives (the Resources feature's services).
 */
export function countResourceUpdates(session: McpSession): Store<Record<string, ResourceUpdate>> {
  const updates = new Store<Record<string, ResourceUpdate>>({});
  watchIncomingNotifications(session.trace, ({ method, params, time }) => {
    const uri = (params as { uri?: unknown } | undefined)?.uri;
    if (method !== 'notifications/resources/updated' || typeof uri !== 'string') return;
    updates.update((state) => ({ [uri]: { count: (state[uri]?.count ?? 0) + 1, lastTime: time } }));
  });
  return updates;
}
