import { ProtocolError } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { CachedListMethod, ListCache } from './list-cache.ts';
import type { CallOutcome } from './session-types.ts';

/** The -32020 HeaderMismatch code of 2026-07-28 (the SDK has no name for it). */
export const HEADER_MISMATCH = -32020;

const LIST_OF_NOTIFICATION: Record<string, CachedListMethod> = {
  'notifications/tools/list_changed': 'tools/list',
  'notifications/resources/list_changed': 'resources/list',
  'notifications/prompts/list_changed': 'prompts/list',
};

/**
 * Drops the cached pages of a list when the server says it changed. Read from the frames, so it
 * works whoever handles the notification (the session, a listen stream, an extension).
 */
export function noteListChange(frame: Frame, cache: ListCache): void {
  if (frame.direction !== 'in') return;
  const method = (frame.message as { method?: unknown; id?: unknown } | undefined)?.method;
  const list = typeof method === 'string' ? LIST_OF_NOTIFICATION[method] : undefined;
  if (list) cache.invalidate(list);
}

/**
 * On a -32020 (a header did not match the body), the spec says a client should list the tools
 * again and retry. Returns the wait for that listing, resolving with the error being retried, or
 * undefined when this is no -32020 or the call was already a retry (one retry, no more).
 */
export function retryAfterHeaderMismatch(
  error: unknown,
  options: { retryOf?: unknown; signal?: AbortSignal },
  relist: () => Promise<void>,
): Promise<NonNullable<CallOutcome['error']>> | undefined {
  if (!(error instanceof ProtocolError) || error.code !== HEADER_MISMATCH) return undefined;
  if (options.retryOf !== undefined || options.signal?.aborted) return undefined;
  const first = { code: error.code, message: error.message, data: error.data };
  return relist().then(() => first);
}

/**
 * Whether a kept tools/list page may answer a new connection: on HTTP the bridge reads the
 * `x-mcp-header` declarations it must mirror into `Mcp-Param-*` from the tools/list answers it
 * relays, so a page that declares any is fetched again once per connection.
 */
export function reusableToolsPage(transport: string | undefined, bridgeSawList: boolean) {
  return (result: Record<string, unknown>): boolean =>
    transport === 'stdio' || bridgeSawList || !JSON.stringify(result.tools ?? []).includes('"x-mcp-header"');
}

/**
 * What names a target for the list cache: its fields but the era, in a stable order, with empty
 * values left out (the form says `env: {}` where a command line said nothing).
 */
export function targetCacheKey(target: object): string {
  const normal = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(normal);
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value)
      .filter(([key, inner]) => key !== 'era' && inner !== undefined && !isEmpty(inner))
      .sort(([a], [b]) => a.localeCompare(b));
    return Object.fromEntries(entries.map(([key, inner]) => [key, normal(inner)]));
  };
  return JSON.stringify(normal(target));
}

function isEmpty(value: unknown): boolean {
  return (
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)
  );
}
