import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import { panelClass, panelHeaderClass } from '../ui/field-classes.ts';
import { OutcomeBadge } from './outcome-badge.tsx';

/** The result of the selected call, as the server sent it. */
export function ResultView() {
  const { history } = useServices();
  const call = useStore(history, (s) => s.calls.find((c) => c.id === s.selectedId));
  return (
    <section className={`${panelClass} min-h-0`} aria-label="Result">
      <div className={panelHeaderClass}>
        Result
        {call && <span className="font-mono font-normal text-slate-500">{call.tool}</span>}
        {call?.outcome && <OutcomeBadge outcome={call.outcome} />}
      </div>
      <div className="min-h-0 flex-1 overflow-auto p-3">
        {!call && <p className="text-sm text-slate-500">Call a tool to see its result here.</p>}
        {call && !call.outcome && <p className="text-sm text-slate-500">Waiting for the server…</p>}
        {call?.outcome?.error && (
          <div className="mb-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950">
            <p className="font-semibold text-red-700 dark:text-red-300">
              JSON-RPC error {call.outcome.error.code}
            </p>
            <p className="whitespace-pre-wrap">{call.outcome.error.message}</p>
          </div>
        )}
        {call?.outcome?.result && (
          <pre className="text-xs break-words whitespace-pre-wrap">
            {JSON.stringify(call.outcome.result, null, 2)}
          </pre>
        )}
      </div>
    </section>
  );
}
