/**
 * At most `limit` events per key in any `windowMs` (a sliding window: each key keeps the times of
 * its last `limit` events, no more).
 */
export class RateWindow {
  private readonly events = new Map<string, number[]>();

  /** `limit` may change (a reloaded config): events already counted stay counted. */
  constructor(
    public limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event for `key` when the window has room; otherwise says how long until it has. */
  take(key: string, now = Date.now()): { ok: true } | { ok: false; retryAfterMs: number } {
    const times = (this.events.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (times.length >= this.limit) {
      this.events.set(key, times);
      return { ok: false, retryAfterMs: Math.max(1, times[0]! + this.windowMs - now) };
    }
    times.push(now);
    this.events.set(key, times);
    this.prune(now);
    return { ok: true };
  }

  /** Forgets keys with no event in the window, so the map does not grow with every user ever seen. */
  private prune(now: number): void {
    if (this.events.size < 1000) return;
    for (const [key, times] of this.events) if (times.at(-1)! <= now - this.windowMs) this.events.delete(key);
  }
}
