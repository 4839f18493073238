import type { CallProgress } from '../../../../client/session/session-types.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { CallProgressBar } from '../../ui/call-progress-bar.tsx';
import { secondaryButtonClass } from '../../ui/field-classes.ts';

/**
 * The Result pane while its call runs: the progress across the pane's width and, beside the progress message,
 * Cancel, where the eyes are while waiting (the Tool pane's own Cancel shows only when the Result shows another
 * call, so the page has one "Cancel" per running call).
 */
export function RunningCall({ callId, progress }: { callId: number; progress: CallProgress | undefined }) {
  const { runner } = useServices();
  // A call with no outcome that this page is not running (a replay's, a restored one) cannot be cancelled here.
  const running = useStore(runner, (s) => s.running.some((call) => call.id === callId));
  return (
    <div className="flex items-end gap-3 p-3 text-sm text-slate-500">
      {progress ? (
        <CallProgressBar progress={progress} />
      ) : (
        <span className="min-w-0 flex-1">Waiting for the server…</span>
      )}
      {running && (
        <button
          type="button"
          className={`${secondaryButtonClass} shrink-0`}
          onClick={() => runner.cancel(callId)}
        >
          Cancel
        </button>
      )}
    </div>
  );
}
