import type { ComponentType } from 'react';
import type { ServerDetails } from '../../../../client/era/server-details.ts';

/**
 * One tab of the left column and what it puts on the stage (the centre pane). The page lists its entries in
 * app.tsx; a new kind of thing to inspect is one more entry: its tab, its list and its stage view.
 */
export interface StageEntry {
  /** The tab's name in the left column, and the key of its pick (see StageSelection). */
  tab: string;
  /**
   * Whether the tab shows for the server of this page (its declared capabilities and extensions); always
   * when absent. A tab that is hidden while open hands the stage back to the first tab.
   */
  shown?: (server: ServerDetails | undefined) => boolean;
  /** The tab's content in the left column: its list, whose items pick what the stage shows. */
  List: ComponentType;
  /** The centre pane while the tab is open: the tab's pick with its form, action and result. */
  Stage: ComponentType;
  /** The stage takes more of the width beside the trace column (the chat's transcript wants it). */
  wide?: boolean;
}

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
