import type { Client, ServerCapabilities } from '@modelcontextprotocol/client';

/** The list changes a `subscriptions/listen` filter can ask for (2026-07-28). */
export interface ListFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  /** The resources whose `notifications/resources/updated` the page wants. */
  resourceSubscriptions?: string[];
}

/** The page's view of the connection's `subscriptions/listen` stream. */
export interface ListenState {
  /** `opening` until the server acknowledges; `closed` when it ended; `failed` when refused. */
  status: 'opening' | 'open' | 'closed' | 'failed';
  /** The filter sent. */
  requested: ListFilter;
  /** What the server acknowledged it will send (`notifications/subscriptions/acknowledged`). */
  honoured?: ListFilter;
  /** How it ended: closed by the page, ended by the server, or dropped. */
  ended?: 'local' | 'graceful' | 'remote';
  error?: string;
}

/** The filter for the list changes a server declares (`listChanged` on tools, prompts, resources). */
export function listFilterFor(capabilities: ServerCapabilities | undefined): ListFilter {
  const declares = (key: 'tools' | 'prompts' | 'resources') =>
    (capabilities?.[key] as { listChanged?: unknown } | undefined)?.listChanged === true;
  return {
    ...(declares('tools') ? { toolsListChanged: true } : {}),
    ...(declares('prompts') ? { promptsListChanged: true } : {}),
    ...(declares('resources') ? { resourcesListChanged: true } : {}),
  };
}

/** The filter's list names for people: "tools, prompts". */
export function describeFilter(filter: ListFilter | undefined): string {
  const names = [
    filter?.toolsListChanged && 'tools',
    filter?.promptsListChanged && 'prompts',
    filter?.resourcesListChanged && 'resources',
    filter?.resourceSubscriptions?.length &&
      `${filter.resourceSubscriptions.length} resource${filter.resourceSubscriptions.length === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return names.length ? names.join(', ') : 'nothing';
}

/**
 * Opens `subscriptions/listen` for the list changes the server declares, and the updates of the resources in
 * `resourceSubscriptions` (what `resources/subscribe` was before 2026-07-28), on a modern connection.
 * The SDK hands the notifications that arrive on the stream to the same handlers as the 2025 era's
 * (the session re-lists tools; the resource and prompt views watch the trace). Reports each change
 * of the stream's state; returns a function that closes it, or undefined when there is nothing to
 * listen for.
 */
export function openListSubscription(
  client: Client,
  report: (state: ListenState | undefined) => void,
  resourceSubscriptions: readonly string[] = [],
): (() => void) | undefined {
  const requested: ListFilter = {
    ...listFilterFor(client.getServerCapabilities()),
    ...(resourceSubscriptions.length ? { resourceSubscriptions: [...resourceSubscriptions] } : {}),
  };
  if (client.getProtocolEra() !== 'modern' || Object.keys(requested).length === 0) return undefined;
  let closed = false;
  let subscription: { close(): Promise<void> } | undefined;
  report({ status: 'opening', requested });
  client.listen(requested).then(
    (opened) => {
      subscription = opened;
      if (closed) return void opened.close().catch(() => {});
      report({ status: 'open', requested, honoured: opened.honoredFilter });
      void opened.closed.then((ended) => {
        if (!closed) report({ status: 'closed', requested, honoured: opened.honoredFilter, ended });
      });
    },
    (error: unknown) => {
      if (!closed)
        report({
          status: 'failed',
          requested,
          error: error instanceof Error ? error.message : String(error),
        });
    },
  );
  return () => {
    closed = true;
    void subscription?.close().catch(() => {});
  };
}
