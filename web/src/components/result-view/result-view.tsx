import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import { panelClass, panelHeaderClass } from '../ui/field-classes.ts';
import { OutcomeBadge } from './outcome-badge.tsx';
import { ResultBody } from './result-body.tsx';

/** The result of the selected call: rendered by content type, checked against the spec, or raw. */
export function ResultView() {
  const { history, session } = useServices();
  const call = useStore(history, (s) => s.calls.find((c) => c.id === s.selectedId));
  const toolName = call?.tool;
  // The schema the tool declared when it was called; else the one it declares now (older records).
  const listedSchema = useStore(session.state, (s) => s.tools.find((t) => t.name === toolName)?.outputSchema);
  const outputSchema = call && 'outputSchema' in call ? call.outputSchema : listedSchema;

  return (
    <section className={`${panelClass} min-h-0`} aria-label="Result">
      <div className={panelHeaderClass}>
        Result
        {call && <span className="truncate font-mono font-normal text-slate-500">{call.tool}</span>}
        {call?.outcome && <OutcomeBadge outcome={call.outcome} />}
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        {!call && <p className="p-3 text-sm text-slate-500">Call a tool to see its result here.</p>}
        {call && !call.outcome && <p className="p-3 text-sm text-slate-500">Waiting for the server…</p>}
        {call?.outcome && <ResultBody key={call.id} outcome={call.outcome} outputSchema={outputSchema} />}
      </div>
    </section>
  );
}
