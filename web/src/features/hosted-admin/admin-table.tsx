import type { ReactNode } from 'react';

const cellClass = 'px-2 py-1.5 text-left align-middle';

/** One section of the Admin view: a heading and a table named by it (or a line saying it is empty). */
export function AdminTable({
  title,
  label = title,
  columns,
  empty,
  children,
}: {
  title: string;
  /** The table's accessible name, when it differs from the heading. */
  label?: string;
  columns: string[];
  /** Shown instead of the table when it has no rows. */
  empty?: string;
  children: ReactNode[];
}) {
  return (
    <section className="mt-4 first:mt-0">
      <h3 className="mb-1.5 text-sm font-semibold">
        {title} <span className="font-normal text-slate-500">({children.length})</span>
      </h3>
      {children.length === 0 && empty ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <table
          aria-label={label}
          className="w-full border-collapse text-sm [&_tbody_tr]:border-t [&_tbody_tr]:border-slate-200 dark:[&_tbody_tr]:border-slate-800"
        >
          <thead>
            <tr className="text-xs text-slate-500 dark:text-slate-400">
              {columns.map((column) => (
                <th key={column} scope="col" className={`${cellClass} font-medium`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </section>
  );
}

/** A table cell of the Admin view. */
export function Cell({ children, mono, title }: { children: ReactNode; mono?: boolean; title?: string }) {
  return (
    <td className={`${cellClass} ${mono ? 'font-mono text-xs' : ''}`} title={title}>
      {children}
    </td>
  );
}

/** A small coloured word: Admin, Live, Shared. */
export function Badge({ tone, children }: { tone: 'indigo' | 'emerald' | 'sky'; children: ReactNode }) {
  const tones = {
    indigo: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900 dark:text-indigo-200',
    emerald: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200',
    sky: 'bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-200',
  };
  return <span className={`mr-1 rounded px-1.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}
