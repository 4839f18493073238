import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { oauthView } from '../oauth/oauth-log.ts';
import { oauthClients } from '../oauth/oauth-clients.ts';

const LABELS = { connected: 'Connected', connecting: 'Connecting…', disconnected: 'Disconnected' } as const;
const DOTS = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400 animate-pulse',
  disconnected: 'bg-slate-400',
} as const;

/**
 * The connection state as a live status element ("Connected" when connected). It has a fixed width, so the
 * controls beside it never move when the word changes; why a connect failed is said by {@link ConnectError}.
 * A connection whose sign-in failed since (a refresh the authorization server did not answer, a sign-in
 * refused) is open but cannot get its calls authorised: it reads "Sign-in failed", the reason in its tooltip
 * and in the OAuth debugger, until a sign-in succeeds.
 */
export function ConnectionStatusBadge() {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const log = useStore(session.state, (s) => s.log);
  const failure = status === 'connected' ? oauthView(log, oauthClients.connects).failure : undefined;
  return (
    <span
      role="status"
      title={failure}
      className="flex w-28 shrink-0 items-center gap-1.5 text-sm font-medium"
    >
      <span
        aria-hidden
        className={`h-2.5 w-2.5 shrink-0 rounded-full ${failure ? 'bg-red-500' : DOTS[status]}`}
      />
      {failure ? 'Sign-in failed' : LABELS[status]}
    </span>
  );
}
