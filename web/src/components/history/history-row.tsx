import { useServices } from '../../session-context.tsx';
import type { CallRecord } from '../../state/call-history.ts';
import { OutcomeBadge } from '../result-view/outcome-badge.tsx';
import { formatTime } from '../trace-panel/describe-frame.ts';
import { asJsonRpcRequest } from './as-json-rpc.ts';

const linkClass = 'text-indigo-600 hover:underline dark:text-indigo-400';

/** One call in the history list. */
export function HistoryRow({ call, selected }: { call: CallRecord; selected: boolean }) {
  const { history, runner, workspace, session, replay } = useServices();
  const rerun = () => {
    const tool = session.state.get().tools.find((t) => t.name === call.tool);
    if (tool) void runner.call(tool, call.args);
  };
  return (
    <li
      aria-current={selected}
      className={`border-b border-slate-100 px-3 py-1.5 text-xs dark:border-slate-800 ${
        selected ? 'bg-indigo-50 dark:bg-indigo-950' : ''
      }`}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="truncate font-mono text-sm hover:underline"
          onClick={() => history.select(call.id)}
        >
          {call.tool}
        </button>
        <span className="text-slate-400">{formatTime(call.startedAt)}</span>
        {call.outcome ? (
          <OutcomeBadge outcome={call.outcome} />
        ) : (
          <span className="ml-auto text-slate-500">running…</span>
        )}
      </div>
      <div className="mt-0.5 flex gap-3">
        {!replay && (
          <>
            <button type="button" className={linkClass} onClick={rerun}>
              Re-run
            </button>
            <button type="button" className={linkClass} onClick={() => workspace.edit(call.tool, call.args)}>
              Edit
            </button>
          </>
        )}

        <button
          type="button"
          className={linkClass}
          onClick={() => void navigator.clipboard?.writeText(JSON.stringify(asJsonRpcRequest(call), null, 2))}
        >
          Copy as JSON-RPC
        </button>
      </div>
    </li>
  );
}
