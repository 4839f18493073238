import type { ReactNode } from 'react';
import { StatusIcon, type StatusKind } from './status-icon.tsx';

const BOXES: Record<StatusKind, string> = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  warning:
    'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
  info: 'border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300',
  ok: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
};

const LINES: Record<StatusKind, string> = {
  error: 'text-red-700 dark:text-red-300',
  warning: 'text-amber-800 dark:text-amber-300',
  info: 'text-slate-600 dark:text-slate-400',
  ok: 'text-emerald-700 dark:text-emerald-400',
};

/**
 * A status with an icon: a coloured box with a bold title for problems (errors red, warnings
 * amber), or, `compact`, a single quiet line for passes and notes that need no attention.
 */
export function Notice({
  kind,
  title,
  compact = false,
  children,
}: {
  kind: StatusKind;
  title: ReactNode;
  compact?: boolean;
  children?: ReactNode;
}) {
  if (compact) {
    return (
      <p className={`flex items-center gap-1.5 text-xs font-medium ${LINES[kind]}`}>
        <StatusIcon kind={kind} className="h-3.5 w-3.5" />
        {title}
      </p>
    );
  }
  return (
    <div className={`basis-full rounded-md border px-3 py-2 text-sm ${BOXES[kind]}`}>
      <p className="flex items-center gap-2 font-semibold">
        <StatusIcon kind={kind} />
        {title}
      </p>
      {children && <div className="mt-1 pl-6 text-xs">{children}</div>}
    </div>
  );
}
