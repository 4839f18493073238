import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/** A visible sign, wherever the user is, that tool calls are running (the spec's "clear visual indicator"). */
export function RunningIndicator() {
  const { runner } = useServices();
  const running = useStore(runner, (s) => s.running);
  if (!running.length) return null;
  const names = [...new Set(running.map((call) => call.tool))].join(', ');
  return (
    <span
      aria-live="polite"
      className="flex max-w-60 items-center gap-1.5 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300"
      title={names}
    >
      <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-indigo-500" />
      <span className="truncate">
        {running.length === 1 ? `Calling ${names}` : `${running.length} calls running`}
      </span>
    </span>
  );
}
