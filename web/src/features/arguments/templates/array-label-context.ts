import { createContext } from 'react';

/**
 * The name of the array an item belongs to, so item buttons can say "Remove items #2" rather than "Remove":
 * rjsf hands item templates no reference to their array.
 */
export const ArrayLabelContext = createContext('item');
