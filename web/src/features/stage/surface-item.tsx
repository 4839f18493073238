import type { ReactNode } from 'react';

/**
 * One item of a left-column list (a resource, a template, a prompt…): a button holding its name (or title)
 * and a second line, marked current while the stage shows it.
 */
export function SurfaceItem({
  title,
  detail,
  mono,
  detailMono = true,
  current,
  badge,
  onPick,
}: {
  title: string;
  /** The second line: a URI, a template, a description. */
  detail?: string;
  /** The title is an identifier (no title was given): shown in monospace. */
  mono?: boolean;
  /** The second line is an identifier (a URI), not prose (a description). */
  detailMono?: boolean;
  current: boolean;
  /** A mark after the title ("subscribed"). */
  badge?: ReactNode;
  onPick: () => void;
}) {
  return (
    <button
      type="button"
      aria-current={current}
      title={detail ? `${title}\n${detail}` : title}
      className={`w-full rounded px-2 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800 ${
        current ? 'bg-indigo-50 ring-1 ring-indigo-200 dark:bg-indigo-950 dark:ring-indigo-900' : ''
      }`}
      onClick={onPick}
    >
      <span className="flex items-center gap-1.5">
        <span className={`min-w-0 flex-1 truncate ${mono ? 'font-mono' : ''}`}>{title}</span>
        {badge}
      </span>
      {detail && (
        <span className={`block truncate text-xs text-slate-500 ${detailMono ? 'font-mono' : ''}`}>
          {detail}
        </span>
      )}
    </button>
  );
}
