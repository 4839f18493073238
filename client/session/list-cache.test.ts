import { describe, expect, it } from 'vitest';
import { describeFreshness, ListCache, readCacheHint, remainingMs } from './list-cache.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function fetcher(results: Record<string, unknown>[]) {
  let calls = 0;
  const fetchPage = () => Promise.resolve(results[Math.min(calls++, results.length - 1)]!);
  return { fetchPage, calls: () => calls };
}

describe('readCacheHint', () => {
  it('reads ttlMs and cacheScope, and defaults as the spec says', () => {
    expect(readCacheHint({ ttlMs: 60_000, cacheScope: 'public' })).toEqual({
      ttlMs: 60_000,
      cacheScope: 'public',
    });
    expect(readCacheHint({})).toEqual({ ttlMs: 0, cacheScope: 'private' });
    expect(readCacheHint({ ttlMs: -5, cacheScope: 'shared' })).toEqual({ ttlMs: 0, cacheScope: 'private' });
    expect(readCacheHint({ ttlMs: 1.5 })).toEqual({ ttlMs: 0, cacheScope: 'private' });
    expect(readCacheHint(null)).toEqual({ ttlMs: 0, cacheScope: 'private' });
  });
});

describe('ListCache', () => {
  it('serves a page again from the cache within its TTL, and fetches once it is stale', async () => {
    const time = clock();
    const cache = new ListCache(time.now);
    const server = fetcher([{ tools: [1], ttlMs: 60_000, cacheScope: 'public' }]);
    const first = await cache.page('tools/list', undefined, server.fetchPage);
    expect(first.freshness).toMatchObject({ fromCache: false, ttlMs: 60_000, cacheScope: 'public' });
    time.advance(59_999);
    const second = await cache.page('tools/list', undefined, server.fetchPage);
    expect(second.freshness.fromCache).toBe(true);
    expect(second.result).toBe(first.result);
    expect(server.calls()).toBe(1);
    time.advance(1);
    expect((await cache.page('tools/list', undefined, server.fetchPage)).freshness.fromCache).toBe(false);
    expect(server.calls()).toBe(2);
  });

  it('keeps each page by its cursor, with its own TTL', async () => {
    const time = clock();
    const cache = new ListCache(time.now);
    const first = fetcher([{ tools: [1], nextCursor: 'b', ttlMs: 10_000 }]);
    const second = fetcher([{ tools: [2], ttlMs: 1_000 }]);
    await cache.page('tools/list', undefined, first.fetchPage);
    await cache.page('tools/list', 'b', second.fetchPage);
    time.advance(5_000);
    await cache.page('tools/list', undefined, first.fetchPage);
    await cache.page('tools/list', 'b', second.fetchPage);
    expect([first.calls(), second.calls()]).toEqual([1, 2]);
  });

  it('bypasses the cache on Refresh, and keeps what Refresh fetched', async () => {
    const cache = new ListCache(clock().now);
    const server = fetcher([
      { v: 1, ttlMs: 60_000 },
      { v: 2, ttlMs: 60_000 },
    ]);
    await cache.page('prompts/list', undefined, server.fetchPage);
    const refreshed = await cache.page('prompts/list', undefined, server.fetchPage, { bypass: true });
    expect(refreshed.result.v).toBe(2);
    expect((await cache.page('prompts/list', undefined, server.fetchPage)).result.v).toBe(2);
    expect(server.calls()).toBe(2);
  });

  it('fetches again when reuse turns the kept page down', async () => {
    const cache = new ListCache(clock().now);
    const server = fetcher([{ v: 1, ttlMs: 60_000 }]);
    await cache.page('tools/list', undefined, server.fetchPage);
    await cache.page('tools/list', undefined, server.fetchPage, { reuse: () => false });
    expect(server.calls()).toBe(2);
  });

  it('never keeps a result without hints (2025 era) or with ttlMs 0', async () => {
    const cache = new ListCache(clock().now);
    const server = fetcher([{ tools: [] }, { tools: [], ttlMs: 0 }]);
    await cache.page('tools/list', undefined, server.fetchPage);
    await cache.page('tools/list', undefined, server.fetchPage);
    await cache.page('tools/list', undefined, server.fetchPage);
    expect(server.calls()).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('drops a list on list_changed (both resource lists together), and everything on clear', async () => {
    const cache = new ListCache(clock().now);
    const page = () => Promise.resolve({ ttlMs: 60_000 });
    await cache.page('tools/list', undefined, page);
    await cache.page('tools/list', 'next', page);
    await cache.page('resources/list', undefined, page);
    await cache.page('resources/templates/list', undefined, page);
    await cache.page('prompts/list', undefined, page);
    cache.invalidate('tools/list');
    expect(cache.size).toBe(3);
    cache.invalidate('resources/list');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('freshness text', () => {
  it('counts down in seconds, then minutes', () => {
    expect(remainingMs({ ttlMs: 60_000, fetchedAt: 0 }, 18_000)).toBe(42_000);
    expect(describeFreshness(42_000)).toBe('fresh for 42 s');
    expect(describeFreshness(41_001)).toBe('fresh for 42 s');
    expect(describeFreshness(245_000)).toBe('fresh for 4 min 5 s');
    expect(describeFreshness(300_000)).toBe('fresh for 5 min');
    expect(describeFreshness(0)).toBe('may be outdated');
  });
});

describe('ListCache.adopt', () => {
  it('answers the next ask with a page fetched by someone else on this connection, once, as fetched', async () => {
    const time = clock();
    const cache = new ListCache(time.now);
    const server = fetcher([{ tools: [2], ttlMs: 60_000 }]);
    const adopted = { tools: [1], ttlMs: 60_000 };
    cache.adopt('tools/list', undefined, Promise.resolve(adopted));
    const first = await cache.page('tools/list', undefined, server.fetchPage);
    expect(first.result).toBe(adopted);
    expect(first.freshness.fromCache).toBe(false);
    expect(server.calls()).toBe(0);
    // Kept for its TTL like any fetched page.
    expect((await cache.page('tools/list', undefined, server.fetchPage)).freshness.fromCache).toBe(true);
    expect(server.calls()).toBe(0);
  });

  it('fetches when the adopted answer is empty, forgotten, invalidated or bypassed', async () => {
    const cache = new ListCache();
    const server = fetcher([{ tools: [2] }]);
    cache.adopt('tools/list', undefined, Promise.resolve(undefined));
    await cache.page('tools/list', undefined, server.fetchPage);
    cache.adopt('tools/list', undefined, Promise.resolve({ tools: [1] }));
    cache.adopt('tools/list', undefined, undefined);
    await cache.page('tools/list', undefined, server.fetchPage);
    cache.adopt('tools/list', undefined, Promise.resolve({ tools: [1] }));
    cache.invalidate('tools/list');
    await cache.page('tools/list', undefined, server.fetchPage);
    cache.adopt('tools/list', undefined, Promise.resolve({ tools: [1] }));
    const bypassed = await cache.page('tools/list', undefined, server.fetchPage, { bypass: true });
    expect(bypassed.result).toEqual({ tools: [2] });
    expect(server.calls()).toBe(4);
  });
});
