import { useState } from 'react';
import { useServices } from '../../services.ts';
import { isToolCall, methodOf, type CallEntry } from '../../calls/call-history.ts';
import { runSurfaceCall } from '../../calls/surface-calls.ts';
import { openCallOnStage } from '../stage/open-call.ts';
import { OutcomeBadge } from '../result/outcome-badge.tsx';
import { measuredAtBridge } from '../result/measured-at-bridge.ts';
import { formatTime } from '../trace-panel/describe-frame.ts';
import { SaveCallForm } from '../saved-requests/save-call-form.tsx';
import { editCall, rerunCall } from '../../calls/call-paths.ts';
import { describeTaskDecision } from '#client/tasks/task-decision.ts';
import { linkButtonClass } from '../../ui/field-classes.ts';
import { STAGE_TABS } from '../../calls/stage-selection.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

/** One call in the history list; `onTogglePick` adds its "Compare" checkbox. */
export function HistoryRow({
  call,
  selected,
  picked = false,
  onTogglePick,
}: {
  call: CallEntry;
  selected: boolean;
  picked?: boolean;
  onTogglePick?: (id: number) => void;
}) {
  const { history, runner, workspace, session, replay, stage } = useServices();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const tool = isToolCall(call);
  const rerun = () => {
    const { method } = call;
    if (method) {
      openCallOnStage(stage, call);
      const params =
        method === 'prompts/get' ? { name: call.tool, arguments: call.args } : { uri: call.tool };
      return void runSurfaceCall(session, history, { method, params, title: call.displayName });
    }
    const started = rerunCall(runner, workspace, session.state.get().tools, call);
    stage.showTab(STAGE_TABS.tools);
    setProblem('problem' in started ? started.problem : undefined);
  };
  const edit = () => {
    if (!tool) return openCallOnStage(stage, call, { edit: true });
    stage.showTab(STAGE_TABS.tools);
    setProblem(editCall(workspace, session.state.get().tools, call));
  };
  const shownName = call.displayName ?? call.tool;
  return (
    <li
      aria-current={selected}
      className={`border-b border-slate-100 px-3 py-1.5 text-xs dark:border-slate-800 ${
        selected ? 'bg-indigo-50 dark:bg-indigo-950' : ''
      }`}
    >
      {/* The name takes the width it needs; when the marks and the badge do not fit beside it, they wrap under it
          instead of cutting it. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <button
          type="button"
          className="flex max-w-full min-w-0 flex-[1_1_auto] items-baseline gap-1.5 text-left hover:underline"
          title={shownName !== call.tool ? `${shownName} (${call.tool})` : call.tool}
          onClick={() => {
            history.select(call.id);
            openCallOnStage(stage, call);
          }}
        >
          <span className={`truncate text-sm ${shownName === call.tool ? 'font-mono' : 'font-medium'}`}>
            {shownName}
          </span>
          {/* The tool's name beside a title is the row's spare part: it takes only the room left beside the
              badge (no intrinsic width, so the badge does not wrap under a whole row for it), and the tooltip keeps
              it whole (else "OK 87 ms" ends alone on a line under "Embedded blob resource embedded_blob_resource"). */}
          {shownName !== call.tool && (
            <span className="min-w-0 flex-1 truncate font-mono text-slate-500 [contain:inline-size]">
              {call.tool}
            </span>
          )}
        </button>
        {!tool && (
          <span
            className="rounded bg-teal-100 px-1 text-[10px] font-medium text-teal-800 dark:bg-teal-950 dark:text-teal-300"
            title={methodOf(call)}
          >
            {methodOf(call) === 'resources/read' ? 'read' : 'prompt'}
          </span>
        )}
        {call.origin === 'model' && (
          <span
            className="rounded bg-sky-100 px-1 text-[10px] font-medium text-sky-800 dark:bg-sky-950 dark:text-sky-300"
            title="Asked by the model in Chat"
          >
            model
          </span>
        )}
        {call.origin === 'view' && (
          <span
            className="rounded bg-pink-100 px-1 text-[10px] font-medium text-pink-800 dark:bg-pink-950 dark:text-pink-300"
            title={call.viewOf ? `asked by the ${call.viewOf} View` : "asked by an MCP App's View"}
          >
            View
          </span>
        )}
        {call.task && (
          <span
            className="rounded bg-violet-100 px-1 text-[10px] font-medium text-violet-800 dark:bg-violet-950 dark:text-violet-300"
            title={describeTaskDecision({ task: call.task, forced: call.taskForced === true })}
          >
            task
          </span>
        )}
        {call.taskForced && (
          <span
            className="rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-300"
            title="This call broke the spec's task rule for the tool on purpose"
          >
            forced
          </span>
        )}
        {call.outcome?.rounds !== undefined && (
          <span
            className="rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-300"
            title="A multi round-trip call: the server asked for input, and the call was sent again with the answers"
          >
            {call.outcome.rounds} requests
          </span>
        )}
        {call.outcome ? (
          <span className="ml-auto shrink-0">
            <OutcomeBadge
              outcome={call.outcome}
              outputInvalid={call.outputInvalid === true}
              atBridge={measuredAtBridge(replay)}
            />
          </span>
        ) : (
          <span className="ml-auto text-slate-500">running…</span>
        )}
      </div>
      {/* Second line: when, what to do with it, and the compare pick; the first line keeps the name's room. */}
      <div className="mt-0.5 flex flex-wrap items-center gap-x-3">
        <span className="text-slate-400">{formatTime(call.startedAt)}</span>
        {!replay && (
          <>
            <button type="button" className={linkButtonClass} onClick={rerun}>
              Re-run
            </button>
            <button type="button" className={linkButtonClass} onClick={edit}>
              Edit
            </button>
            {tool && (
              <button type="button" className={linkButtonClass} onClick={() => setSaving(true)}>
                Save
              </button>
            )}
          </>
        )}

        <button
          type="button"
          className={linkButtonClass}
          onClick={() => void navigator.clipboard?.writeText(JSON.stringify(asJsonRpcRequest(call), null, 2))}
        >
          Copy as JSON-RPC
        </button>
        {onTogglePick && call.outcome && (
          <CheckboxField
            className="ml-auto text-slate-500"
            checked={picked}
            onChange={() => onTogglePick(call.id)}
            label="Compare"
          />
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-1 text-amber-700 dark:text-amber-400">
          {problem}
        </p>
      )}
      {saving && <SaveCallForm call={call} onDone={() => setSaving(false)} />}
    </li>
  );
}

/** The request a call made (or would have made), as JSON-RPC: a tools/call, a resources/read, a prompts/get. */
export function asJsonRpcRequest(call: CallEntry): unknown {
  const method = methodOf(call);
  const params =
    method === 'resources/read'
      ? { uri: call.tool }
      : method === 'prompts/get'
        ? { name: call.tool, arguments: call.args }
        : { name: call.tool, arguments: call.args, ...(call.task ? { task: call.task } : {}) };
  return { jsonrpc: '2.0', id: call.id, method, params };
}
