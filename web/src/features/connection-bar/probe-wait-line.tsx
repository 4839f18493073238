import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/** What each wait of Auto's probe is, in words (a person waiting has something to read). */
const WAITS = {
  probe: 'Auto: waiting for the server to answer server/discover (the era probe)…',
  boot: 'Auto: waiting for the server to start (no answer to server/discover, ping or tools/list yet)…',
} as const;

/** While a connect under Auto waits, one line saying for what (a status, read out by screen readers). */
export function ProbeWaitLine() {
  const { session } = useServices();
  const wait = useStore(session.state, (s) => (s.status === 'connecting' ? s.probeWait : undefined));
  if (!wait) return null;
  return (
    <span role="status" className="pb-1.5 text-xs text-slate-600 dark:text-slate-400">
      {WAITS[wait]}
    </span>
  );
}
