import { useSurfaceList } from './use-surface-list.ts';
import type { PagedListMethod } from '#client/session/session-requests.ts';

/**
 * The list's entry for what the stage opened from elsewhere (a History row, a link in a result): its title,
 * description and declared arguments, once the list (from the cache, or the recording) has it.
 */
export function useListedItem(
  given: Record<string, unknown> | undefined,
  method: PagedListMethod,
  capability: 'resources' | 'prompts',
  matches: (item: Record<string, unknown>) => boolean,
): Record<string, unknown> | undefined {
  const list = useSurfaceList(method, capability, given === undefined);
  return given ?? list.items.find(matches);
}
