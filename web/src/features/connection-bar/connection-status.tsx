import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { ConnectFailureDetail } from './connect-failure-detail.tsx';

const LABELS = { connected: 'Connected', connecting: 'Connecting…', disconnected: 'Disconnected' } as const;
const DOTS = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400 animate-pulse',
  disconnected: 'bg-slate-400',
} as const;

/** The connection state as a live status element ("Connected" when connected), plus the last error. */
export function ConnectionStatusBadge({
  wrap = false,
}: {
  /** Show a long error whole (a limit's message says what to do) instead of on one cut line. */
  wrap?: boolean;
} = {}) {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const error = useStore(session.state, (s) => s.error);
  const lostBridge = useStore(session.state, (s) => s.lostBridge);
  const detail = useStore(session.state, (s) => s.errorDetail);

  return (
    <div className="flex min-w-0 items-center gap-2 pb-1.5 text-sm">
      <span role="status" className="flex items-center gap-1.5 font-medium">
        <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${DOTS[status]}`} />
        {LABELS[status]}
      </span>
      {error && status === 'disconnected' && (
        <span
          role="alert"
          className={`${wrap ? '' : 'truncate '}text-red-600 dark:text-red-400`}
          title={error}
        >
          {error}
          {lostBridge && ' · reconnecting when it is back…'}
        </span>
      )}
      {error && status === 'disconnected' && detail && <ConnectFailureDetail detail={detail} />}
    </div>
  );
}
