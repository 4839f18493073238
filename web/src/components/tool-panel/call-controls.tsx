import { useState } from 'react';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { taskMode } from '../../mcp/task-support.ts';
import { TaskOptions } from './task-options.tsx';
import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import { primaryButtonClass, secondaryButtonClass } from '../ui/field-classes.ts';
import { CallProgressBar } from './call-progress-bar.tsx';

/** The Call tool button, and while calls of this tool run: their progress and Cancel. */
export function CallControls({
  tool,
  args,
  blockedReason,
}: {
  tool: Tool;
  args: unknown;
  blockedReason: string | undefined;
}) {
  const { runner, session, replay } = useServices();
  const running = useStore(runner, (s) => s.running);
  const pending = useStore(runner, (s) => s.pending);
  const capabilities = useStore(session.state, (s) => s.server?.capabilities);
  const mode = taskMode(capabilities, tool);
  // Forcing augmentation is a test of the server's refusal; offer it only where tasks exist at all.
  const serverHasTasks = (capabilities as { tasks?: unknown } | undefined)?.tasks !== undefined;

  const [taskChoice, setTaskChoice] = useState<{ tool: string; asTask: boolean; ttlSeconds: number }>();
  // The choice resets when another tool is selected: a required tool runs as a task by default.
  const choice =
    taskChoice?.tool === tool.name
      ? taskChoice
      : { tool: tool.name, asTask: mode === 'required', ttlSeconds: 300 };
  const mine = running.filter((call) => call.tool === tool.name);
  const call = () =>
    void runner.call(tool, args ?? {}, choice.asTask ? { task: { ttl: choice.ttlSeconds * 1000 } } : {});

  // A replay shows what happened; it cannot call anything.
  if (replay) return null;
  return (
    <div
      className="flex flex-col gap-2 border-t
 border-slate-200 px-3 py-2 dark:border-slate-800"
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={primaryButtonClass}
          disabled={blockedReason !== undefined || pending !== undefined}
          title={blockedReason}
          onClick={call}
        >
          Call tool
        </button>
        {(mode !== 'forbidden' || serverHasTasks) && (
          <TaskOptions
            mode={mode}
            choice={choice}
            onChange={(next) => setTaskChoice({ ...choice, ...next })}
          />
        )}
        {mine.length === 0 && blockedReason && (
          <span className="text-xs text-slate-500">{blockedReason}</span>
        )}
      </div>
      {mine.map((call) => (
        <div key={call.id} className="flex items-center gap-2">
          <CallProgressBar progress={call.progress} />
          <button type="button" className={secondaryButtonClass} onClick={() => runner.cancel(call.id)}>
            Cancel
          </button>
        </div>
      ))}
    </div>
  );
}
