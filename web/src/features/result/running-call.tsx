import type { CallProgress } from '#client/session/session-types.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { CallProgressBar } from '../../ui/call-progress-bar.tsx';
import { primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { oauthView } from '../oauth/oauth-log.ts';
import { oauthClients } from '../oauth/oauth-clients.ts';

/**
 * The Result pane while its call runs: the progress across the pane's width and, beside the progress message,
 * Cancel, where the eyes are while waiting (the Tool pane's own Cancel shows only when the Result shows another
 * call, so the page has one "Cancel" per running call). While the server waits for a sign-in (a step-up for a
 * wider scope, or a token that expired), it says so here with its own Sign in: the call waits for it.
 */
export function RunningCall({ callId, progress }: { callId: number; progress: CallProgress | undefined }) {
  const { runner, session } = useServices();
  // A call with no outcome that this page is not running (a replay's, a restored one) cannot be cancelled here.
  const running = useStore(runner, (s) => s.running.some((call) => call.id === callId));
  const log = useStore(session.state, (s) => s.log);
  const ask = running ? oauthView(log, oauthClients.connects).signIn : undefined;
  return (
    <div className="flex items-end gap-3 p-3 text-sm text-slate-500">
      {ask ? (
        <span className="flex min-w-0 flex-1 items-center gap-2 text-slate-800 dark:text-slate-200">
          <span className="min-w-0">
            {ask.adds ? `Sign in to grant ${ask.adds}` : 'Sign in again: the server asks for it'}
          </span>
          <a href={ask.url} target="_blank" rel="noopener" className={`${primaryButtonClass} shrink-0`}>
            Sign in
          </a>
        </span>
      ) : progress ? (
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
