import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/**
 * When connected: the negotiated revision (e.g. `2026-07-28`) and its era, and what Auto's
 * `server/discover` probe found, with its time.
 */
export function NegotiatedEra() {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const revision = useStore(session.state, (s) => s.server?.protocolVersion);
  const era = useStore(session.state, (s) => s.server?.era);
  const probe = useStore(session.state, (s) => s.eraProbe);
  if (status !== 'connected' || !revision) return null;
  return (
    <span className="flex min-w-0 items-center gap-2 pb-1.5 text-sm">
      <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:bg-slate-800">
        {revision}
      </span>
      {era && <span className="text-xs text-slate-600 dark:text-slate-400">{era} era</span>}
      {probe && (
        <span className="truncate text-xs text-slate-600 dark:text-slate-400" title={probe.outcome}>
          Auto: {probe.outcome}
          {probe.ms !== undefined && ` (${Math.round(probe.ms)} ms)`}
        </span>
      )}
    </span>
  );
}
