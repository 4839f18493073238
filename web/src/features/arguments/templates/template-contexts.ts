import { createContext } from 'react';

/**
 * The name of the array an item belongs to, so item buttons can say "Remove items #2" rather than "Remove":
 * rjsf hands item templates no reference to their array.
 */
export const ArrayLabelContext = createContext('item');

/**
 * True for the object that is the chosen option of a `oneOf`/`anyOf`: the chooser above already names it, so the
 * object drops its own frame and legend. Containers reset it to false for everything nested inside them.
 */
export const UnionOptionContext = createContext(false);

/**
 * One entry of a map (`additionalProperties`), handed down by the map's object template: rjsf tells the entry's
 * templates neither its key (only a label, which a schema title replaces) nor its place among the entries.
 */
export interface MapEntry {
  /** The entry's key ('' while the user has not typed one). */
  name: string;
  /** 1-based place among the map's entries: controls are named by it ("Key of entry 2"), not by the key. */
  position: number;
  /** Whether another entry of the same map already has the empty key (a key can be empty only once). */
  unnamedTaken: boolean;
  /** True once, for the entry that the map's "Add entry" just made: it swaps rjsf's "newKey" for ''. */
  takeAdded: () => boolean;
}

export const MapEntryContext = createContext<MapEntry | undefined>(undefined);
