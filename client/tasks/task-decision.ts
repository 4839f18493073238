import type { TaskMode } from './task-support.ts';

/** The `task` parameter of a task-augmented tools/call. */
export interface TaskParams {
  ttl?: number;
}

/** The TTL asked for when the spec makes a call a task and nobody chose one. */
export const DEFAULT_TASK_TTL_MS = 300_000;

/**
 * What a call path asks for. Every path that calls a tool (the Call button, history Re-run and Edit,
 * saved requests) says one of these, and `decideTask` turns it into the call's `task` parameter.
 */
export type TaskRequest =
  /** Follow the spec: a task when the tool requires one, a plain call otherwise. */
  | { kind: 'spec' }
  /** The user's explicit choice (the "Run as task" box); may break the spec's rule on purpose. */
  | { kind: 'choice'; asTask: boolean; ttlMs?: number }
  /** Do what an earlier call did (Re-run, a saved request). */
  | { kind: 'repeat'; task: TaskParams | undefined; forced: boolean };

/** How one call will be made. */
export interface TaskDecision {
  /** The `task` parameter to send, or undefined for a plain call. */
  task: TaskParams | undefined;
  /** The call breaks the spec's rule for this tool on purpose (a forced task, or a plain call of a required one). */
  forced: boolean;
  mode: TaskMode;
  /** Why the decision differs from what was asked, when it does. */
  note?: string;
}

/**
 * The one place that decides whether a call is task-augmented (2025-11-25): a tool that requires a task
 * gets one (the client MUST), a tool that forbids it does not, an optional one follows the user. A plain
 * call of a required tool or a task for a forbidding one happens only when chosen on purpose, and is
 * marked `forced`. Repeating a call repeats its decision; if the tool's task support changed since, a
 * decision that was not forced follows the spec again rather than silently breaking it.
 */
export function decideTask(mode: TaskMode, request: TaskRequest = { kind: 'spec' }): TaskDecision {
  switch (request.kind) {
    case 'spec':
      return mode === 'required'
        ? { task: { ttl: DEFAULT_TASK_TTL_MS }, forced: false, mode }
        : { task: undefined, forced: false, mode };
    case 'choice':
      return request.asTask
        ? { task: { ttl: request.ttlMs ?? DEFAULT_TASK_TTL_MS }, forced: mode === 'forbidden', mode }
        : { task: undefined, forced: mode === 'required', mode };
    case 'repeat': {
      const asTask = request.task !== undefined;
      const forced = asTask ? mode === 'forbidden' : mode === 'required';
      if (forced && !request.forced) {
        return {
          ...decideTask(mode, { kind: 'spec' }),
          note: `The tool's task support is now "${mode}", so this call follows the spec instead of repeating a ${asTask ? 'task' : 'plain call'}.`,
        };
      }
      return { task: request.task ? { ...request.task } : undefined, forced, mode };
    }
  }
}

/** A short description of a decision for people: "as a task, TTL 300 s" or "plain call (forced …)". */
export function describeTaskDecision(decision: Pick<TaskDecision, 'task' | 'forced'>): string {
  if (decision.task) {
    const ttl = decision.task.ttl !== undefined ? `, TTL ${Math.round(decision.task.ttl / 1000)} s` : '';
    return `as a task${ttl}${decision.forced ? ' (forced: this tool does not allow tasks)' : ''}`;
  }
  return decision.forced ? 'plain call (forced: this tool requires a task)' : 'plain call';
}
