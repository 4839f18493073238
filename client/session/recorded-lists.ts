import type { Frame } from '#shared/bridge-protocol.ts';
import { pageOf, type PagedListMethod } from './session-requests.ts';

/**
 * What a recording's frames last listed for `method` (resources, templates, prompts): the answers of the
 * newest listing, all its pages in order. A replay's left column shows this, as the live page showed it.
 */
export function recordedListItems(
  frames: readonly Frame[],
  method: PagedListMethod,
): Record<string, unknown>[] {
  const open = new Map<string, boolean>();
  let items: Record<string, unknown>[] = [];
  for (const frame of frames) {
    const message = frame.message as
      { id?: unknown; method?: unknown; params?: { cursor?: unknown }; result?: unknown } | undefined;
    if (!message || message.id === undefined || message.id === null) continue;
    const key = JSON.stringify(message.id);
    if (frame.direction === 'out' && message.method === method) {
      open.set(key, message.params?.cursor === undefined);
    } else if (frame.direction === 'in' && message.method === undefined && open.has(key)) {
      const first = open.get(key)!;
      open.delete(key);
      if (typeof message.result !== 'object' || message.result === null) continue;
      const page = pageOf(method, message.result as Record<string, unknown>).items;
      items = first ? page : [...items, ...page];
    }
  }
  return items;
}
