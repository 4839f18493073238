/**
 * Collects what is sent within one turn of the event loop and hands it over in one go at its end
 * (a microtask), so a burst of messages costs one write instead of one each. Order is kept.
 *
 * Items pushed as `lazy` (nobody waits for them) do not start a delivery of their own: they ride
 * along with the next eager item, or go after `lazyDelayMs` when none comes.
 */
export class TickBatcher<T> {
  private items: T[] = [];
  private scheduled = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (items: T[]) => void,
    private readonly schedule: (run: () => void) => void = (run) => queueMicrotask(run),
    private readonly lazyDelayMs = 10,
  ) {}

  push(item: T, lazy = false): void {
    this.items.push(item);
    if (this.scheduled) return;
    if (lazy) {
      this.timer ??= setTimeout(() => this.flush(), this.lazyDelayMs);
      return;
    }
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Hands over what is waiting now (before a close, say). */
  flush(): void {
    this.scheduled = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.items.length) return;
    const items = this.items;
    this.items = [];
    this.deliver(items);
  }

  /** Forgets what is waiting. */
  drop(): void {
    this.items = [];
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** One WebSocket text message for `items`: the message itself when alone, else a JSON array of them. */
export function encodeBatch(items: readonly unknown[]): string {
  return JSON.stringify(items.length === 1 ? items[0] : items);
}

/** {@link encodeBatch} for items already in JSON: the text itself when alone, else their JSON array. */
export function joinBatch(texts: readonly string[]): string {
  return texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`;
}
