import type { TaskMode } from '../../mcp/task-support.ts';
import { inputClass } from '../ui/field-classes.ts';

/**
 * "Run as task" for task-augmented tools/call (2025-11-25). Offered where the spec allows it;
 * elsewhere the user may still force it, clearly marked, to see what the server does.
 */
export function TaskOptions({
  mode,
  choice,
  onChange,
}: {
  mode: TaskMode;
  choice: { asTask: boolean; ttlSeconds: number };
  onChange: (next: Partial<{ asTask: boolean; ttlSeconds: number }>) => void;
}) {
  const forced = (mode === 'forbidden' && choice.asTask) || (mode === 'required' && !choice.asTask);
  return (
    <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={choice.asTask}
          onChange={(e) => onChange({ asTask: e.target.checked })}
        />
        {mode === 'forbidden' ? 'Force run as task' : 'Run as task'}
      </label>
      {choice.asTask && (
        <label className="flex items-center gap-1">
          TTL s
          <input
            type="number"
            min={1}
            className={`${inputClass} w-20 py-0.5`}
            value={choice.ttlSeconds}
            onChange={(e) => onChange({ ttlSeconds: Math.max(1, Number(e.target.value) || 1) })}
          />
        </label>
      )}
      {forced && (
        <span className="text-amber-700 dark:text-amber-400">
          {mode === 'required'
            ? 'this tool requires a task; the server should refuse a plain call (-32601)'
            : 'not allowed for this tool; the server should refuse it (-32601)'}
        </span>
      )}
    </span>
  );
}
