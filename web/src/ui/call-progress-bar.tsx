import type { CallProgress } from '#client/session/session-types.ts';

/**
 * Progress of a running call: a progressbar as wide as its container once the server reports progress, a
 * spinner before. The message ("Step 2 of 5") sits under the bar, where a Cancel button can sit beside it.
 */
export function CallProgressBar({ progress }: { progress: CallProgress | undefined }) {
  if (!progress) {
    return (
      <span className="flex min-w-0 flex-1 items-center gap-2 text-xs text-slate-500">
        <span
          aria-hidden
          className="h-3 w-3 shrink-0 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent"
        />
        Running…
      </span>
    );
  }
  const { progress: done, total, message } = progress;
  const percent = total ? Math.min(100, Math.max(0, (done / total) * 100)) : undefined;
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-1 text-xs">
      <span
        role="progressbar"
        aria-label="Call progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={message}
        className="relative h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <span
          className={`absolute inset-y-0 left-0 rounded-full bg-indigo-500 ${percent === undefined ? 'w-1/3 animate-pulse' : ''}`}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </span>
      <span className="truncate text-slate-600 dark:text-slate-400">
        {message ?? (total ? `${done} / ${total}` : `${done}`)}
      </span>
    </span>
  );
}
