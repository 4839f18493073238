/** A minimal observable value: React reads it with useSyncExternalStore, tests read it directly. */
export class Store<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private state: T) {}

  get = (): T => this.state;

  /** Replaces the state with a shallow merge and notifies listeners. */
  update(patch: Partial<T> | ((state: T) => Partial<T>)): void {
    const next = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
