/**
 * The demo's tasks for the 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`), written by
 * hand: SDK 2.4 has no server side for it. A task works through its steps, stops halfway to ask
 * for a name (`input_required`, answered with `tasks/update`), then completes; it can be cancelled
 * at any time. Finished tasks are forgotten `ttlMs` after they finish.
 */
import { randomUUID } from 'node:crypto';

/** Status of a task, as the extension names them. */
export type DemoTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/** How long a finished task stays readable, and the polling interval the server asks for. */
export const TASK_TTL_MS = 60_000;
export const TASK_POLL_INTERVAL_MS = 200;

/** The key of the one input a task asks for. */
export const TASK_INPUT_KEY = 'name';

interface DemoTask {
  taskId: string;
  status: DemoTaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  steps: number;
  done: number;
  stepMs: number;
  name?: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  timer?: NodeJS.Timeout;
}

const TERMINAL = new Set<DemoTaskStatus>(['completed', 'failed', 'cancelled']);

/** The running and recently finished tasks of one demo process. */
export class DemoTaskStore {
  private readonly tasks = new Map<string, DemoTask>();

  /** Starts a task of `steps` steps of `stepMs` each. */
  start(steps: number, stepMs: number): Record<string, unknown> {
    const now = new Date().toISOString();
    const task: DemoTask = {
      taskId: randomUUID(),
      status: 'working',
      statusMessage: `Step 0 of ${steps}`,
      createdAt: now,
      lastUpdatedAt: now,
      steps,
      done: 0,
      stepMs,
    };
    this.tasks.set(task.taskId, task);
    this.schedule(task);
    return this.view(task);
  }

  /** The task as `tasks/get` shows it, or undefined when there is no such task (any more). */
  get(taskId: string): Record<string, unknown> | undefined {
    const task = this.tasks.get(taskId);
    return task && this.view(task);
  }

  /**
   * Gives a waiting task its input. Returns an error text when the task is unknown; input for a
   * task that is not waiting is ignored (the answer may cross a cancel).
   */
  update(taskId: string, inputResponses: Record<string, unknown> | undefined): string | undefined {
    const task = this.tasks.get(taskId);
    if (!task) return `Unknown task ${taskId}`;
    if (task.status !== 'input_required') return undefined;
    const response = inputResponses?.[TASK_INPUT_KEY] as
      { action?: unknown; content?: { name?: unknown } } | undefined;
    if (response?.action !== 'accept' || typeof response.content?.name !== 'string') {
      this.finish(task, 'failed', {
        error: { code: -32000, message: 'The name was not given, so the job stopped.' },
      });
      return undefined;
    }
    task.name = response.content.name;
    this.set(task, 'working', `Step ${task.done} of ${task.steps}, for ${task.name}`);
    this.schedule(task);
    return undefined;
  }

  /** Cancels a task; returns an error text when it is unknown. Cancelling a finished task does nothing. */
  cancel(taskId: string): string | undefined {
    const task = this.tasks.get(taskId);
    if (!task) return `Unknown task ${taskId}`;
    if (!TERMINAL.has(task.status))
      this.finish(task, 'cancelled', { statusMessage: 'Cancelled by the client' });
    return undefined;
  }

  /** Stops every timer. */
  close(): void {
    for (const task of this.tasks.values()) clearTimeout(task.timer);
    this.tasks.clear();
  }

  private schedule(task: DemoTask): void {
    task.timer = setTimeout(() => this.step(task), task.stepMs);
    task.timer.unref();
  }

  private step(task: DemoTask): void {
    if (task.status !== 'working') return;
    task.done++;
    if (task.done >= task.steps) {
      const text = `Hello ${task.name ?? 'stranger'}: finished ${task.steps} steps of ${task.stepMs} ms as a task.`;
      this.finish(task, 'completed', {
        statusMessage: 'Done',
        result: { content: [{ type: 'text', text }], resultType: 'complete' },
      });
      return;
    }
    // Halfway through the job needs a name: the task waits until tasks/update brings one.
    if (task.name === undefined && task.done >= Math.ceil(task.steps / 2)) {
      this.set(task, 'input_required', 'Waiting for a name');
      return;
    }
    this.set(task, 'working', `Step ${task.done} of ${task.steps}`);
    this.schedule(task);
  }

  private set(task: DemoTask, status: DemoTaskStatus, statusMessage: string): void {
    task.status = status;
    task.statusMessage = statusMessage;
    task.lastUpdatedAt = new Date().toISOString();
  }

  private finish(
    task: DemoTask,
    status: DemoTaskStatus,
    outcome: Pick<DemoTask, 'result' | 'error' | 'statusMessage'>,
  ): void {
    clearTimeout(task.timer);
    this.set(task, status, outcome.statusMessage ?? outcome.error?.message ?? status);
    task.result = outcome.result;
    task.error = outcome.error;
    task.timer = setTimeout(() => this.tasks.delete(task.taskId), TASK_TTL_MS);
    task.timer.unref();
  }

  private view(task: DemoTask): Record<string, unknown> {
    return {
      taskId: task.taskId,
      status: task.status,
      ...(task.statusMessage ? { statusMessage: task.statusMessage } : {}),
      createdAt: task.createdAt,
      lastUpdatedAt: task.lastUpdatedAt,
      ttlMs: TASK_TTL_MS,
      pollIntervalMs: TASK_POLL_INTERVAL_MS,
      ...(task.status === 'input_required' ? { inputRequests: { [TASK_INPUT_KEY]: NAME_REQUEST } } : {}),
      ...(task.result ? { result: task.result } : {}),
      ...(task.error ? { error: task.error } : {}),
    };
  }
}

/** The elicitation a task sends when it needs a name. */
const NAME_REQUEST = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'The job is halfway: whom is it for?',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name', minLength: 1 } },
      required: ['name'],
    },
  },
};
