/**
 * Collects what is sent within one turn of the event loop and hands it over in one go at its end
 * (a microtask), so a burst of messages costs one write instead of one each. Order is kept.
 */
export class TickBatcher<T> {
  private items: T[] = [];
  private scheduled = false;

  constructor(
    private readonly deliver: (items: T[]) => void,
    private readonly schedule: (run: () => void) => void = queueMicrotask,
  ) {}

  push(item: T): void {
    this.items.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Hands over what is waiting now (before a close, say). */
  flush(): void {
    this.scheduled = false;
    if (!this.items.length) return;
    const items = this.items;
    this.items = [];
    this.deliver(items);
  }

  /** Forgets what is waiting. */
  drop(): void {
    this.items = [];
  }
}

/** One WebSocket text message for `items`: the message itself when alone, else a JSON array of them. */
export function encodeBatch(items: readonly unknown[]): string {
  return JSON.stringify(items.length === 1 ? items[0] : items);
}
