import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/**
 * When connected: the negotiated revision (e.g. `2026-07-28`) and its era, and what Auto's
 * `server/discover` probe found, with its time; whether Auto probed or used its remembered verdict,
 * and a way to forget that verdict.
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
      {probe?.source && (
        <span className="shrink-0 rounded bg-slate-100 px-1 text-xs dark:bg-slate-800">{probe.source}</span>
      )}
      {probe && (
        <span className="truncate text-xs text-slate-600 dark:text-slate-400" title={probe.outcome}>
          Auto: {probe.outcome}
          {probe.ms !== undefined && ` (${Math.round(probe.ms)} ms)`}
        </span>
      )}
      {probe?.source &&
        (probe.forgotten ? (
          <span className="shrink-0 text-xs text-slate-500">forgotten: the next connect probes</span>
        ) : (
          <button
            type="button"
            className="shrink-0 text-xs text-indigo-600 hover:underline dark:text-indigo-400"
            title="Auto remembers the era of each server; forget it so the next connect probes again"
            onClick={() => session.forgetEra()}
          >
            Forget era
          </button>
        ))}
    </span>
  );
}
