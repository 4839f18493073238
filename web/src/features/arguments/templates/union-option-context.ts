import { createContext } from 'react';

/**
 * True for the object that is the chosen option of a `oneOf`/`anyOf`: the chooser above already names it, so the
 * object drops its own frame and legend. Containers reset it to false for everything nested inside them.
 */
export const UnionOptionContext = createContext(false);
