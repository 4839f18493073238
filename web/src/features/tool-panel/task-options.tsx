import type { TaskDecision } from '#client/tasks/task-decision.ts';
import { inputClass } from '../../ui/field-classes.ts';
import { CheckboxField } from '../../ui/checkbox-field.tsx';

/**
 * "Run as task" for task-augmented tools/call (2025-11-25). Shows the decision every call path uses
 * (a tool that requires a task is checked by default); where the spec forbids a task, or requires one,
 * the user may still break the rule, clearly marked, to see what the server does.
 */
export function TaskOptions({
  decision,
  ttlSeconds,
  onChange,
}: {
  decision: TaskDecision;
  ttlSeconds: number;
  onChange: (next: { asTask?: boolean; ttlSeconds?: number }) => void;
}) {
  const { mode, forced } = decision;
  const asTask = decision.task !== undefined;
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
      <CheckboxField
        checked={asTask}
        onChange={(e) => onChange({ asTask: e.target.checked })}
        label={mode === 'forbidden' ? 'Force run as task' : 'Run as task'}
      />
      {asTask && (
        <label className="flex items-center gap-1 whitespace-nowrap">
          TTL (s)
          <input
            type="number"
            min={1}
            className={`${inputClass} max-w-20 py-0.5`}
            value={ttlSeconds}
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
