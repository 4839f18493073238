import { useCallback, useEffect, useState } from 'react';

/** A paginated list loaded page by page ("Load more" follows nextCursor). */
export interface PagedList<T> {
  items: T[];
  loading: boolean;
  error: string | undefined;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

/** Loads the first page when `key` changes (a new connection) and more pages on demand. */
export function usePagedList<T>(
  fetchPage: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>,
  key: unknown,
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const load = useCallback(
    async (from: string | undefined, append: boolean) => {
      setLoading(true);
      setError(undefined);
      try {
        const page = await fetchPage(from);
        setItems((old) => (append ? [...old, ...page.items] : page.items));
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
    void load(undefined, false);
  }, [load, key]);

  return {
    items,
    loading,
    error,
    hasMore: cursor !== undefined,
    loadMore: () => void load(cursor, true),
    reload: () => void load(undefined, false),
  };
}
