import type { ListedTool } from '#client/tools/tool-identity.ts';
import { DEFAULT_TASK_TTL_MS, type TaskRequest } from '#client/tasks/task-decision.ts';
import type { LeftOutArgument } from '../../calls/call-runner.ts';
import { TaskOptions } from './task-options.tsx';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import type { RunningCall } from '../../calls/call-runner.ts';
import type { ArgumentsStatus } from '#client/schema/arguments-status.ts';
import { goToProblem, summarizeProblems } from '../arguments/problem-summary.ts';

/** The shortcut that calls, as this platform writes it. */
const CALL_SHORTCUT = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '') ? '⌘ Enter' : 'Ctrl+Enter';

/**
 * The Call tool button, how the call is made (task or not), and on the same line one status: the arguments check,
 * or while calls of this tool run, that they run (their progress and Cancel are in the Result pane).
 */
export function CallControls({
  listed,
  args,
  leftOut,
  blockedReason,
  matches = false,
  status,
}: {
  listed: ListedTool;
  args: unknown;
  /** Entries of the form that `args` leaves out (no key yet). */
  leftOut?: LeftOutArgument[];
  blockedReason: string | undefined;
  /** The arguments were checked against the input schema and match it (said on this line, not under the form). */
  matches?: boolean;
  /** The arguments check: when they do not match, this line names the first problem (never blank). */
  status?: ArgumentsStatus;
}) {
  const { runner, session, workspace, replay, history } = useServices();
  const shownInResult = useStore(history, (s) => s.selectedId);
  const running = useStore(runner, (s) => s.running);
  const pending = useStore(runner, (s) => s.pending);
  // Read so the decision follows a reconnect (another revision, other capabilities).
  const server = useStore(session.state, (s) => s.server);
  const request = useStore(workspace, (s) => s.taskRequests[listed.key]) ?? { kind: 'spec' };
  const decision = runner.decideTask(listed.tool, request);
  // Forcing augmentation is a test of the server's refusal; offer it only where tasks exist at all.
  const serverHasTasks = (server?.capabilities as { tasks?: unknown } | undefined)?.tasks !== undefined;
  const mine = running.filter((call) => call.toolKey === listed.key);
  const ttlMs = decision.task?.ttl ?? (request.kind === 'choice' ? request.ttlMs : undefined);
  const choose = (next: { asTask?: boolean; ttlSeconds?: number }) => {
    const choice: TaskRequest = {
      kind: 'choice',
      asTask: next.asTask ?? decision.task !== undefined,
      ttlMs: next.ttlSeconds !== undefined ? next.ttlSeconds * 1000 : (ttlMs ?? DEFAULT_TASK_TTL_MS),
    };
    workspace.setTaskRequest(listed.key, choice);
  };
  const call = () => void runner.call(listed.tool, args ?? {}, { task: request, leftOut });

  // A replay shows what happened; it cannot call anything.
  if (replay) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 px-3 py-2 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={primaryButtonClass}
          disabled={blockedReason !== undefined || pending !== undefined}
          title={blockedReason ?? `Call tool (${CALL_SHORTCUT})`}
          data-call-tool
          onClick={call}
        >
          Call tool
        </button>
        <kbd className="text-[11px] text-slate-500 dark:text-slate-400">{CALL_SHORTCUT}</kbd>
        {(decision.mode !== 'forbidden' || serverHasTasks || decision.task) && (
          <TaskOptions
            decision={decision}
            ttlSeconds={Math.round((ttlMs ?? DEFAULT_TASK_TTL_MS) / 1000)}
            onChange={choose}
          />
        )}
        {/* One status in the row's free room, so a call adds no line and the form above keeps its height:
            the arguments check, why calling is blocked, or the running call. Its zero basis keeps it from
            wrapping onto a line of its own. */}
        <span className="flex min-w-0 flex-1 basis-0 items-center justify-end gap-2 text-xs">
          <CallStatus
            running={mine}
            shownInResult={shownInResult}
            blockedReason={blockedReason}
            matches={matches}
            status={status}
          />
        </span>
      </div>
      {decision.note && <p className="text-xs text-amber-700 dark:text-amber-400">{decision.note}</p>}
    </div>
  );
}

/**
 * The Call tool line's status. A running call's progress and Cancel are in the Result pane; only when the Result
 * shows another call does its Cancel sit here, so the page never shows two "Cancel" buttons for one call.
 */
function CallStatus({
  running,
  shownInResult,
  blockedReason,
  matches,
  status,
}: {
  running: readonly RunningCall[];
  shownInResult: number | undefined;
  blockedReason: string | undefined;
  matches: boolean;
  status: ArgumentsStatus | undefined;
}) {
  const { runner } = useServices();
  if (running.length > 0) {
    const elsewhere = running.find((call) => call.id !== shownInResult);
    const label = running.length === 1 ? 'Running…' : `${running.length} calls running…`;
    return (
      <>
        <span
          aria-hidden
          className="h-3 w-3 shrink-0 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent"
        />
        <span
          className="truncate text-slate-500"
          title={elsewhere ? undefined : 'Its progress shows in Result'}
        >
          {elsewhere ? label : `${label} progress in Result`}
        </span>
        {elsewhere && (
          <button
            type="button"
            className={`${secondaryButtonClass} shrink-0 py-0.5`}
            onClick={() => runner.cancel(elsewhere.id)}
          >
            Cancel
          </button>
        )}
      </>
    );
  }
  if (blockedReason) return <span className="truncate text-slate-500">{blockedReason}</span>;
  const summary =
    status && status.parseError === undefined ? summarizeProblems(status.validationErrors) : undefined;
  if (summary) {
    const more = summary.more > 0 ? ` +${summary.more} more` : '';
    // A to-do of a new form is grey (nothing is wrong yet); a fault is amber. Either is a way to the field.
    return (
      <button
        type="button"
        className={`flex min-w-0 text-left hover:underline ${
          summary.toDo ? 'text-slate-500 dark:text-slate-400' : 'text-amber-700 dark:text-amber-400'
        }`}
        title={`${summary.text}${more} (go to the field)`}
        data-arguments-summary
        onClick={(event) =>
          goToProblem(event.currentTarget.closest('section') ?? document, summary.first, true)
        }
      >
        {/* The count stays whole when the names are cut: "+2 more" says there is more than the line shows. */}
        <span className="truncate">
          {!summary.toDo && <span aria-hidden="true">⚠ </span>}
          {summary.text}
        </span>
        {more && <span className="shrink-0 whitespace-pre">{more}</span>}
      </button>
    );
  }
  if (!matches) return null;
  return (
    <span
      className="truncate text-emerald-700 dark:text-emerald-400"
      title="Arguments match the input schema"
    >
      <span aria-hidden="true">✓ </span>Arguments match the input schema
    </span>
  );
}
