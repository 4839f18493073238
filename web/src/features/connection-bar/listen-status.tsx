import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { describeFilter } from '#client/session/list-subscription.ts';

const STATUS_TEXT = {
  opening: 'opening…',
  open: 'open',
  closed: 'closed',
  failed: 'refused',
} as const;

const ENDED_TEXT = {
  local: 'by the page',
  graceful: 'by the server',
  remote: 'dropped',
} as const;

/**
 * The connection's `subscriptions/listen` stream (2026-07-28): the filter sent, what the server
 * honoured, and whether the stream is open. A list change that arrives on it re-lists.
 */
export function ListenStatus() {
  const { session } = useServices();
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const listen = useStore(session.state, (s) => s.listen);
  if (!connected || !listen) return null;
  const ended = listen.ended ? ` (${ENDED_TEXT[listen.ended]})` : '';
  const asked = describeFilter(listen.requested);
  const honoured = listen.honoured && describeFilter(listen.honoured);
  return (
    <span
      role="status"
      aria-label="List subscription"
      className="flex min-w-0 flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400"
      // The spec's words stay within reach for those who look for them.
      title={`subscriptions/listen: asked for ${asked}; ${honoured ? `the server honoured ${honoured}` : 'no answer yet'}${listen.error ? `; ${listen.error}` : ''}`}
    >
      <span>Live list updates</span>
      <span
        className={listen.status === 'open' ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700'}
      >
        {STATUS_TEXT[listen.status]}
        {ended}
      </span>
      <span>
        {honoured ? `for ${honoured}` : `asked for ${asked}`}
        {honoured && honoured !== asked && ` (asked for ${asked})`}
        {listen.error && `: ${listen.error}`}
      </span>
    </span>
  );
}
