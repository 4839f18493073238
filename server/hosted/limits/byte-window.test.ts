import { describe, expect, it } from 'vitest';
import { ByteWindow } from './byte-window.ts';

describe('ByteWindow', () => {
  it('lets bytes through up to the limit per key, and says when more may go', () => {
    const window = new ByteWindow(100, 60_000);
    expect(window.take('alice', 60, 1_000)).toEqual({ ok: true });
    expect(window.take('alice', 40, 2_000)).toEqual({ ok: true });
    expect(window.take('alice', 1, 3_000)).toEqual({ ok: false, retryAfterMs: 58_000 });
    expect(window.take('bob', 100, 3_000)).toEqual({ ok: true });
    // The first 60 bytes left the window after a minute.
    expect(window.take('alice', 60, 61_000)).toEqual({ ok: true });
    expect(window.take('alice', 1, 61_500)).toEqual({ ok: false, retryAfterMs: 500 });
  });

  it('refuses a message larger than the whole limit', () => {
    expect(new ByteWindow(10, 60_000).take('a', 11, 0).ok).toBe(false);
  });
});
