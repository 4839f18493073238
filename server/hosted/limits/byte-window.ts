/** Seconds per bucket of the window (a minute in 60 buckets). */
const BUCKET_MS = 1000;

interface Buckets {
  /** Bytes counted in each bucket, by bucket number modulo the bucket count. */
  bytes: number[];
  /** Which bucket number each slot holds now (older numbers are stale). */
  numbers: number[];
}

/**
 * At most `limit` bytes per key in any `windowMs`, counted in one-second buckets (so a key costs
 * a fixed array however many messages it sends). A message that does not fit is refused whole.
 */
export class ByteWindow {
  private readonly keys = new Map<string, Buckets>();
  private readonly count: number;

  /** `limit` may change (a reloaded config): bytes already counted stay counted. */
  constructor(
    public limit: number,
    windowMs: number,
  ) {
    this.count = Math.max(1, Math.ceil(windowMs / BUCKET_MS));
  }

  /** Counts `bytes` for `key` when they fit; otherwise says how long until they may (at most the window). */
  take(key: string, bytes: number, now = Date.now()): { ok: true } | { ok: false; retryAfterMs: number } {
    const current = Math.floor(now / BUCKET_MS);
    let buckets = this.keys.get(key);
    if (!buckets) {
      buckets = { bytes: Array<number>(this.count).fill(0), numbers: Array<number>(this.count).fill(-1) };
      this.keys.set(key, buckets);
      this.prune(current);
    }
    let used = 0;
    for (let index = 0; index < this.count; index++)
      if (buckets.numbers[index]! > current - this.count) used += buckets.bytes[index]!;
    if (used + bytes > this.limit) {
      // The oldest bucket with bytes leaves the window first.
      let oldest = current;
      for (let index = 0; index < this.count; index++) {
        const number = buckets.numbers[index]!;
        if (number > current - this.count && buckets.bytes[index]! > 0) oldest = Math.min(oldest, number);
      }
      return { ok: false, retryAfterMs: Math.max(1, (oldest + this.count) * BUCKET_MS - now) };
    }
    const slot = current % this.count;
    if (buckets.numbers[slot] !== current) {
      buckets.numbers[slot] = current;
      buckets.bytes[slot] = 0;
    }
    buckets.bytes[slot]! += bytes;
    return { ok: true };
  }

  /** Forgets keys with nothing in the window, so the map does not grow with every user ever seen. */
  private prune(current: number): void {
    if (this.keys.size < 1000) return;
    for (const [key, buckets] of this.keys)
      if (buckets.numbers.every((number) => number <= current - this.count)) this.keys.delete(key);
  }
}
