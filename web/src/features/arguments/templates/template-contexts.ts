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
  /** The JSON Pointer of the map the entry belongs to ("/items/0/options"). */
  mapPointer: string;
  /** True once, for the entry that the map's "Add entry" just made: it swaps rjsf's "newKey" for ''. */
  takeAdded: () => boolean;
}

export const MapEntryContext = createContext<MapEntry | undefined>(undefined);

/**
 * The maps whose keyless entry has a key typed in its box but not yet given to rjsf (which renames a key only
 * when its box loses focus). "Add entry", "Name entry 1 first" and "entry 1 has no key" read the typed text, so
 * they change as the user types. Maps are named by their JSON Pointer; a map has at most one keyless entry.
 */
export interface TypedKeys {
  /** Pointers of the maps whose keyless entry has text typed in its key box. */
  maps: ReadonlySet<string>;
  /** Says whether the keyless entry of the map at `pointer` has text in its key box. */
  setTyped: (pointer: string, typed: boolean) => void;
}

export const TypedKeysContext = createContext<TypedKeys>({ maps: new Set(), setTyped: () => {} });
