/**
 * Client-side cache of list results by the server's own hints (MCP 2026-07-28 caching, SEP-2549):
 * each page of `tools/list`, `resources/list`, `resources/templates/list` and `prompts/list` says
 * how long it stays fresh (`ttlMs`) and who may share it (`cacheScope`). A page asked for again
 * within its TTL is served from here, with no request on the wire; a Refresh bypasses it; a
 * `list_changed` notification drops the pages of that list. 2025-era results carry no hints, so
 * they are never kept.
 */

/** The list methods whose pages carry cache hints. */
export type CachedListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

/** Who may share a cached result: `public` any client, `private` one authorization context. */
export type CacheScope = 'public' | 'private';

/** What a result says about its own freshness. */
export interface CacheHint {
  /** Milliseconds the result stays fresh; 0 when missing, negative or not an integer. */
  ttlMs: number;
  /** `private` when missing or unknown, as the spec says. */
  cacheScope: CacheScope;
}

/** How fresh one listed page is, for the page to show near the list. */
export interface ListFreshness extends CacheHint {
  /** When the page was fetched (ms since the epoch, the page's clock). */
  fetchedAt: number;
  /** True when this listing was answered from the cache, with no request on the wire. */
  fromCache: boolean;
}

interface Entry {
  result: Record<string, unknown>;
  hint: CacheHint;
  fetchedAt: number;
}

/** The hints of a result, read loosely (the spec: a missing or negative `ttlMs` means 0). */
export function readCacheHint(result: unknown): CacheHint {
  const fields = typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : {};
  const ttl = fields.ttlMs;
  const ttlMs = typeof ttl === 'number' && Number.isSafeInteger(ttl) && ttl > 0 ? ttl : 0;
  return { ttlMs, cacheScope: fields.cacheScope === 'public' ? 'public' : 'private' };
}

/** Milliseconds a page stays fresh from `now` on (0 once stale). */
export function remainingMs(freshness: Pick<ListFreshness, 'ttlMs' | 'fetchedAt'>, now: number): number {
  return Math.max(0, freshness.fetchedAt + freshness.ttlMs - now);
}

/**
 * The pages of one server's lists. One cache per target: a target names its URL or command and
 * the headers it sends, so it stands for one authorization context and `private` pages are safe
 * to keep in it as well as `public` ones.
 */
export class ListCache {
  private readonly entries = new Map<string, Entry>();
  /** Answers fetched on this connection by someone else (Auto's liveness `tools/list`), used once. */
  private readonly adopted = new Map<string, Promise<Record<string, unknown> | undefined>>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /**
   * One page of `method`: from the cache while fresh (unless `bypass`, or `reuse` says no to the
   * kept page), else fetched and kept for its TTL. Resolves with the result and how fresh it is.
   */
  async page(
    method: CachedListMethod,
    cursor: string | undefined,
    fetchPage: () => Promise<Record<string, unknown>>,
    {
      bypass = false,
      reuse,
    }: { bypass?: boolean; reuse?: (result: Record<string, unknown>) => boolean } = {},
  ): Promise<{ result: Record<string, unknown>; freshness: ListFreshness }> {
    const key = keyOf(method, cursor);
    const adopted = this.adopted.get(key);
    this.adopted.delete(key);
    const fetched = adopted && !bypass ? await adopted.catch(() => undefined) : undefined;
    if (fetched && (reuse?.(fetched) ?? true)) return this.keep(key, fetched);
    const entry = this.entries.get(key);
    if (
      entry &&
      !bypass &&
      (reuse?.(entry.result) ?? true) &&
      remainingMs({ ttlMs: entry.hint.ttlMs, fetchedAt: entry.fetchedAt }, this.now()) > 0
    )
      return {
        result: entry.result,
        freshness: { ...entry.hint, fetchedAt: entry.fetchedAt, fromCache: true },
      };
    return this.keep(key, await fetchPage());
  }

  /**
   * The next ask for this page is answered by `answer` when it brings a result (it was fetched on
   * this connection a moment ago, so it counts as fetched, not as from the cache), else fetched.
   * Undefined forgets what an earlier connection adopted.
   */
  adopt(
    method: CachedListMethod,
    cursor: string | undefined,
    answer: Promise<Record<string, unknown> | undefined> | undefined,
  ): void {
    if (answer) this.adopted.set(keyOf(method, cursor), answer);
    else this.adopted.delete(keyOf(method, cursor));
  }

  /** Keeps a freshly fetched page for its TTL. */
  private keep(key: string, result: Record<string, unknown>) {
    const hint = readCacheHint(result);
    const fetchedAt = this.now();
    if (hint.ttlMs > 0) this.entries.set(key, { result, hint, fetchedAt });
    else this.entries.delete(key);
    return { result, freshness: { ...hint, fetchedAt, fromCache: false } };
  }

  /** Drops every page of `method` (a `list_changed` for it); both resource lists go together. */
  invalidate(method: CachedListMethod): void {
    const methods =
      method === 'resources/list' || method === 'resources/templates/list'
        ? ['resources/list', 'resources/templates/list']
        : [method];
    for (const map of [this.entries, this.adopted])
      for (const key of [...map.keys()])
        if (methods.some((name) => key.startsWith(`${name}\n`))) map.delete(key);
  }

  /** Drops everything (another target). */
  clear(): void {
    this.entries.clear();
    this.adopted.clear();
  }

  /** How many pages are kept (for tests). */
  get size(): number {
    return this.entries.size;
  }
}

function keyOf(method: CachedListMethod, cursor: string | undefined): string {
  return `${method}\n${cursor ?? ''}`;
}

/** "fresh for 42 s", "fresh for 4 min 5 s", or "may be outdated" once the TTL is over (the list may have changed; Refresh asks). */
export function describeFreshness(remaining: number): string {
  if (remaining <= 0) return 'may be outdated';
  const seconds = Math.ceil(remaining / 1000);
  if (seconds < 60) return `fresh for ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return `fresh for ${minutes} min${rest ? ` ${rest} s` : ''}`;
}
