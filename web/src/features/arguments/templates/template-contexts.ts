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
