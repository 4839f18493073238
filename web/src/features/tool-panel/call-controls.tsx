import type { ListedTool } from '../../mcp/tool-identity.ts';
import { DEFAULT_TASK_TTL_MS, type TaskRequest } from '../../mcp/task-decision.ts';
import type { LeftOutArgument } from '../../calls/call-runner.ts';
import { TaskOptions } from './task-options.tsx';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';

/** The shortcut that calls, as this platform writes it. */
const CALL_SHORTCUT = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '') ? '⌘ Enter' : 'Ctrl+Enter';

/** The Call tool button, how the call is made (task or not), and while calls of this tool run: their progress and Cancel. */
export function CallControls({
  listed,
  args,
  leftOut,
  blockedReason,
}: {
  listed: ListedTool;
  args: unknown;
  /** Entries of the form that `args` leaves out (no key yet). */
  leftOut?: LeftOutArgument[];
  blockedReason: string | undefined;
}) {
  const { runner, session, workspace, replay } = useServices();
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
    <div
      className="flex flex-col gap-2 border-t
 border-slate-200 px-3 py-2 dark:border-slate-800"
    >
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
        {mine.length === 0 && blockedReason && (
          <span className="text-xs text-slate-500">{blockedReason}</span>
        )}
      </div>
      {decision.note && <p className="text-xs text-amber-700 dark:text-amber-400">{decision.note}</p>}
      {mine.map((call) => (
        <div key={call.id} className="flex items-center gap-2">
          {/* The progress itself shows in the Result pane, where the answer will appear. */}
          <span className="flex flex-1 items-center gap-2 text-xs text-slate-500">
            <span
              aria-hidden
              className="h-3 w-3 animate-spin rounded-full border-2 border-indigo-500 border-t-transparent"
            />
            Running… (progress in Result)
          </span>
          <button type="button" className={secondaryButtonClass} onClick={() => runner.cancel(call.id)}>
            Cancel
          </button>
        </div>
      ))}
    </div>
  );
}
