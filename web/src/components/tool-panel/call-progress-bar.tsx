import type { CallProgress } from '../../mcp/session-types.ts';

/** Progress of the running call; indeterminate until the server reports a total. */
export function CallProgressBar({ progress }: { progress: CallProgress | undefined }) {
  if (!progress) {
    return (
      <span className="flex items-center gap-2 text-xs text-slate-500">
        <span
          aria-hidden
          className="h-3 w-3 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent"
        />
        Running…
      </span>
    );
  }
  const { progress: done, total, message } = progress;
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2 text-xs">
      <progress
        className="h-2 w-40 accent-indigo-600"
        aria-label="Call progress"
        value={total ? done : undefined}
        max={total ?? undefined}
      />
      <span className="truncate text-slate-600 dark:text-slate-400">
        {message ?? (total ? `${done} / ${total}` : `${done}`)}
      </span>
    </span>
  );
}
