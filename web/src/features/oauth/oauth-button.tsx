import { useRef } from 'react';
import type { ServerTarget } from '#shared/targets.ts';
import { useServices } from '../../services.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { compactButtonClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { useStore } from '../../ui/use-store.ts';
import { OAuthClientForm } from './oauth-client-form.tsx';
import { oauthClients } from './oauth-clients.ts';
import { oauthView, STEP_LABELS } from './oauth-log.ts';
import { OAuthStepsTable } from './oauth-steps-table.tsx';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

/** The bar's Sign in: filled like a primary button, as small as its neighbours, never wrapped. */
const signInLinkClass =
  'inline-flex shrink-0 items-center whitespace-nowrap rounded-md border border-transparent bg-indigo-600 px-2 py-1 text-xs font-medium text-white shadow-sm hover:bg-indigo-500';

/**
 * Beside the connection status, for protected HTTP servers: a "Sign in" link while the bridge waits
 * for a person to sign in (a link, so the browser opens the authorization page from a click), and
 * an "OAuth" button opening the debugger: every step of the sign-in as a row (request, status,
 * time, the decision taken and why), the failure in words, "Start over" and "Clear tokens".
 * While disconnected, `draft` (the connection form's HTTP or SSE target) has the button too when the
 * user opened the connection options (`offered`) or already gave it a client, so a user who knows
 * their server has no registration enters a pre-registered client before the first attempt.
 * Otherwise renders nothing for a connection without OAuth: a failed connect to a server that never
 * asked for sign-in (no 401/403) shows no "OAuth".
 */
export function OAuthButton({
  draft,
  offered = false,
}: {
  draft?: ServerTarget | undefined;
  offered?: boolean;
}) {
  const { session } = useServices();
  const log = useStore(session.state, (s) => s.log);
  const connected = useStore(session.state, (s) => s.target);
  const status = useStore(session.state, (s) => s.status);
  const ref = useRef<HTMLDialogElement>(null);
  const view = oauthView(log, oauthClients.connects);
  const drafting =
    status === 'disconnected' &&
    draft !== undefined &&
    draft.transport !== 'stdio' &&
    draft.url !== '' &&
    (offered || oauthClients.get(draft) !== undefined || oauthClients.guided(draft) === true);
  const target = drafting ? draft : connected;
  const guided = oauthClients.guided(target);
  if (
    !drafting &&
    !view.steps.length &&
    !view.signInUrl &&
    !view.paused &&
    !oauthClients.get(target) &&
    !guided
  )
    return null;

  // Tokens live in the bridge: in the connection's memory (ending it drops them) and, single-user,
  // in the file kept for the next connect (deleted first).
  const clearTokens = () => {
    oauthClients.clearTokens();
    void session.disconnect();
  };
  const startOver = async () => {
    if (!target) return;
    await session.disconnect();
    await session.connect(target);
  };

  return (
    <>
      {view.signInUrl && (
        <a href={view.signInUrl} target="_blank" rel="noopener" className={signInLinkClass}>
          Sign in
        </a>
      )}
      <button type="button" className={compactButtonClass} onClick={() => ref.current?.showModal()}>
        OAuth{view.failure ? ' (failed)' : view.paused ? ' (paused)' : ''}
      </button>
      <Dialog ref={ref} title="OAuth" className="w-[60rem] max-w-[95vw]">
        {view.signIn && (
          // The dialog covers the connection bar's link: a sign-in it waits for has its own here.
          <p className="mb-3 flex items-center gap-2">
            <a href={view.signIn.url} target="_blank" rel="noopener" className={primaryButtonClass}>
              Sign in
            </a>
            <span className="text-sm">
              {view.signIn.adds ? `to grant ${view.signIn.adds}` : 'The sign-in waits for you in the browser'}
            </span>
          </p>
        )}
        {view.failure && (
          <p role="alert" className="mb-3 text-red-600 dark:text-red-400">
            {view.failure}
          </p>
        )}
        {view.paused && (
          <p role="status" className="mb-3 flex items-center gap-2">
            <span>
              Next: {STEP_LABELS[view.paused.kind]}{' '}
              <span className="font-mono text-xs break-all">
                {view.paused.method} {view.paused.url}
              </span>
            </span>
            <button type="button" className={primaryButtonClass} onClick={() => oauthClients.next()}>
              Next step
            </button>
          </p>
        )}
        <div className="mb-3 flex items-center gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!target}
            onClick={() => void startOver()}
          >
            Start over
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={status === 'disconnected'}
            onClick={clearTokens}
          >
            Clear tokens
          </button>
          {target && target.transport !== 'stdio' && (
            <CheckboxField
              className="ml-2 text-sm"
              defaultChecked={guided}
              onChange={(e) => oauthClients.setGuided(target, e.target.checked)}
              label="Guided mode (one request per Next step, from the next start)"
            />
          )}
        </div>
        {target && target.transport !== 'stdio' && (
          <OAuthClientForm key={target.url} target={target} onUse={() => void startOver()} />
        )}
        <OAuthStepsTable rows={view.rows} />
      </Dialog>
    </>
  );
}
