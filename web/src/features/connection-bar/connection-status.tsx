import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

const LABELS = { connected: 'Connected', connecting: 'Connecting…', disconnected: 'Disconnected' } as const;
const DOTS = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400 animate-pulse',
  disconnected: 'bg-slate-400',
} as const;

/**
 * The connection state as a live status element ("Connected" when connected). It has a fixed width, so the
 * controls beside it never move when the word changes; why a connect failed is said by {@link ConnectError}.
 */
export function ConnectionStatusBadge() {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  return (
    <span role="status" className="flex w-28 shrink-0 items-center gap-1.5 text-sm font-medium">
      <span aria-hidden className={`h-2.5 w-2.5 shrink-0 rounded-full ${DOTS[status]}`} />
      {LABELS[status]}
    </span>
  );
}
