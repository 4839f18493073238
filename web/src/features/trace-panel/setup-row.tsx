import type { SetupSpan } from '#client/trace/trace-setup.ts';
import { formatDuration } from '../result/outcome-badge.tsx';
import { boundaryClass, NewConnectionChip, TRACE_ROW_HEIGHT } from './trace-row.tsx';

/**
 * The words of a setup row: "Setup: Auto chose 2026-07-28 · 10 frames · 0.9 s"
 * or, when no probe was sent, "Setup: 2026-07-28 (known) · 6 frames · 0.6 s". Its name holds no "connect":
 * a button named "Connect" is the page's main control, and role+name lookups match by substring.
 */
export function setupSummary(span: SetupSpan): string {
  const frames = span.seqs.length === 1 ? '1 frame' : `${span.seqs.length} frames`;
  const note = span.note ? `: ${span.note}` : '';
  return `Setup${note} · ${frames} · ${formatDuration(span.lastTime - span.firstTime)}`;
}

/**
 * One grey row for the frames a connect exchanged before it was ready; it opens in place to those frames.
 * `startsConnection` draws the boundary a new connection's first frame would have drawn.
 */
export function SetupRow({
  span,
  open,
  startsConnection,
  onToggle,
}: {
  span: SetupSpan;
  open: boolean;
  startsConnection: boolean;
  onToggle: () => void;
}) {
  const summary = setupSummary(span);
  return (
    <li style={{ height: TRACE_ROW_HEIGHT }} className={boundaryClass(startsConnection)}>
      <button
        type="button"
        aria-expanded={open}
        aria-label={summary}
        title={`${summary}: the frames exchanged while connecting, before the first thing you did. Click to ${open ? 'fold' : 'show'} them.`}
        className="flex h-full w-full items-center gap-2 bg-slate-50 px-2 text-left font-sans text-slate-500 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-400 dark:hover:bg-slate-800"
        onClick={onToggle}
      >
        <span aria-hidden className="w-3 shrink-0">
          {open ? '▾' : '▸'}
        </span>
        {startsConnection && <NewConnectionChip />}
        <span className="min-w-0 truncate">{summary}</span>
      </button>
    </li>
  );
}
