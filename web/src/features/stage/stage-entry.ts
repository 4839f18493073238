import type { ServerDetails } from '#client/era/server-details.ts';
import type { StageEntry } from '../../feature.ts';

/** The entries that show for `server`. */
export function shownEntries(
  entries: readonly StageEntry[],
  server: ServerDetails | undefined,
): StageEntry[] {
  return entries.filter((entry) => entry.shown?.(server) ?? true);
}

/** The open entry: the one named `tab` if it shows, else the first. */
export function openEntry(entries: readonly StageEntry[], tab: string): StageEntry | undefined {
  return entries.find((entry) => entry.tab === tab) ?? entries[0];
}
