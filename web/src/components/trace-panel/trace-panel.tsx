import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import { panelClass, panelHeaderClass } from '../ui/field-classes.ts';
import { TraceRow } from './trace-row.tsx';

/** Rows drawn at most; older frames stay in the trace (and in exports) but are not drawn. */
const MAX_ROWS = 500;

/** Every JSON-RPC frame of the session, newest at the bottom. */
export function TracePanel() {
  const { session } = useServices();
  const snapshot = useStore(session.trace, (s) => s);
  const frames = snapshot.frames;
  const start = Math.max(0, frames.length - MAX_ROWS);
  const rows = frames.slice(start);
  return (
    <section className={`${panelClass} min-h-0`} aria-label="Trace">
      <div className={panelHeaderClass}>
        Trace
        <span className="rounded-full bg-slate-200 px-2 text-xs font-medium dark:bg-slate-800">
          {frames.length}
        </span>
        <button
          type="button"
          className="ml-auto text-xs font-normal text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => session.trace.clear()}
        >
          Clear
        </button>
      </div>
      {start > 0 && <p className="px-3 py-1 text-xs text-slate-500">{start} older frames not shown</p>}
      <ol aria-label="Frames" className="min-h-0 flex-1 overflow-y-auto font-mono text-xs">
        {rows.map((frame) => (
          <TraceRow key={frame.seq} frame={frame} />
        ))}
      </ol>
    </section>
  );
}
