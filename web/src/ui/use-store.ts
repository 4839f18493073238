import { useSyncExternalStore } from 'react';

/** Anything with a current value and change notifications (Store, TraceLog, CallHistory). */
export interface Observable<T> {
  get: () => T;
  subscribe: (listener: () => void) => () => void;
}

/** Reads a slice of an observable; re-renders only when the selected value changes. */
export function useStore<T, S>(store: Observable<T>, select: (state: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
