import { Store } from '#client/lib/store.ts';

/** Whether the arguments form has the centre column, the Result folded to its one-line header. */
export interface FormRoomState {
  expanded: boolean;
}

/**
 * "Expand form": after a result, a long form (create_order's) gets the column back in one click, and a second
 * click gives the Result its room again. A page-wide view setting, not part of any call: a new call, another
 * tool or another result in the Result folds the form back, so an answer is never hidden behind it.
 */
export const formRoom = new Store<FormRoomState>({ expanded: false });

/** Classes for the Result pane's wrapper: while the form is expanded, the Result shows its header only. */
export function resultFoldClass(expanded: boolean): string {
  return expanded ? 'grid min-h-0 [&_section>*:not(:first-child)]:hidden' : 'contents';
}
