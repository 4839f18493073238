import type { CallOutcome } from '../../mcp/session-types.ts';

const LOOK = {
  ok: { label: 'OK', className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300' },
  'tool-error': {
    label: 'Tool error',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  },
  'protocol-error': {
    label: 'Protocol error',
    className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  },
  cancelled: {
    label: 'Cancelled',
    className: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  },
  'timed-out': {
    label: 'Timed out',
    className: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  },
  denied: { label: 'Denied', className: 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300' },
} as const satisfies Record<CallOutcome['status'], { label: string; className: string }>;

/** How a call ended, with its duration. Tool errors and protocol errors look different on purpose. */
export function OutcomeBadge({ outcome }: { outcome: CallOutcome }) {
  const look = LOOK[outcome.status];
  return (
    <span className="ml-auto flex items-center gap-2 text-xs font-normal">
      <span className={`rounded px-1.5 py-0.5 font-semibold ${look.className}`}>{look.label}</span>
      <span className="text-slate-500">{formatDuration(outcome.durationMs)}</span>
    </span>
  );
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms.toFixed(ms < 10 ? 1 : 0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
