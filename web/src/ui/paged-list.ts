import { useCallback, useEffect, useState } from 'react';
import type { ListFreshness } from '#client/session/list-cache.ts';

/** A paginated list loaded page by page ("Load more" follows nextCursor). */
export interface PagedList<T> {
  items: T[];
  loading: boolean;
  error: string | undefined;
  hasMore: boolean;
  /** How fresh the first page is by its cache hints, when it has any. */
  freshness?: ListFreshness;
  loadMore: () => void;
  /** Lists from the first page again, asking the server (not the cache). */
  reload: () => void;
}

/**
 * Loads the first page when `key` changes (a new connection) and more pages on demand; with `key`
 * undefined it asks nothing.
 */
export function usePagedList<T>(
  fetchPage: (
    cursor?: string,
    options?: { fresh?: boolean },
  ) => Promise<{ items: T[]; nextCursor?: string; freshness?: ListFreshness }>,
  key: unknown,
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const [freshness, setFreshness] = useState<ListFreshness>();

  const load = useCallback(
    async (from: string | undefined, append: boolean, fresh = false) => {
      setLoading(true);
      setError(undefined);
      try {
        const page = await fetchPage(from, { fresh });
        setItems((old) => (append ? [...old, ...page.items] : page.items));
        if (!append) setFreshness(page.freshness);
        setCursor(page.nextCursor);
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : String(caught));
      } finally {
        setLoading(false);
      }
    },
    [fetchPage],
  );

  useEffect(() => {
    // No key: nothing to list (the server did not declare it), so nothing is asked.
    if (key === undefined) return;
    void load(undefined, false);
  }, [load, key]);

  return {
    items,
    loading,
    error,
    hasMore: cursor !== undefined,
    freshness,
    loadMore: () => void load(cursor, true),
    reload: () => void load(undefined, false, true),
  };
}
