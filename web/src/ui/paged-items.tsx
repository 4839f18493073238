import type { ReactNode } from 'react';
import type { PagedList } from './paged-list.ts';
import { ListFreshnessNote } from './list-freshness.tsx';

/** A titled list from a paginated MCP list method, with errors and "Load more". */
export function PagedItems({
  title,
  list,
  render,
}: {
  title: string;
  list: PagedList<Record<string, unknown>>;
  render: (item: Record<string, unknown>) => ReactNode;
}) {
  return (
    <section aria-label={title} className="mb-3">
      <h3 className="mb-1 flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
        <span className="rounded-full bg-slate-200 px-1.5 font-medium normal-case dark:bg-slate-800">
          {list.items.length}
        </span>
        <ListFreshnessNote freshness={list.freshness} />
        <button
          type="button"
          className="ml-auto font-normal normal-case text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={list.reload}
        >
          Refresh
        </button>
      </h3>
      {list.error && (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {list.error}
        </p>
      )}
      <ul aria-label={title}>
        {list.items.map((item, index) => (
          <li key={index}>{render(item)}</li>
        ))}
      </ul>
      {list.loading && <p className="text-xs text-slate-500">Loading…</p>}
      {list.hasMore && !list.loading && (
        <button
          type="button"
          className="text-xs text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={list.loadMore}
        >
          Load more
        </button>
      )}
    </section>
  );
}
