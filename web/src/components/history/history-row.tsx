import { useState } from 'react';
import { useServices } from '../../session-context.tsx';
import type { CallRecord } from '../../state/call-history.ts';
import { OutcomeBadge } from '../result-view/outcome-badge.tsx';
import { formatTime } from '../trace-panel/describe-frame.ts';
import { asJsonRpcRequest } from './as-json-rpc.ts';
import { SaveCallForm } from '../saved-requests/save-call-form.tsx';

const linkClass = 'text-indigo-600 hover:underline dark:text-indigo-400';

/** One call in the history list; `onTogglePick` adds its "Compare" checkbox. */
export function HistoryRow({
  call,
  selected,
  picked = false,
  onTogglePick,
}: {
  call: CallRecord;
  selected: boolean;
  picked?: boolean;
  onTogglePick?: (id: number) => void;
}) {
  const { history, runner, workspace, session, replay } = useServices();
  const [saving, setSaving] = useState(false);
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
        {onTogglePick && call.outcome && (
          <label className="flex items-center gap-1 text-slate-500">
            <input type="checkbox" checked={picked} onChange={() => onTogglePick(call.id)} />
            Compare
          </label>
        )}
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
            <button type="button" className={linkClass} onClick={() => setSaving(true)}>
              Save
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
      {saving && <SaveCallForm call={call} onDone={() => setSaving(false)} />}
    </li>
  );
}
