import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpSession } from '../mcp/mcp-session.ts';
import { Store } from '../lib/store.ts';
import { readTask, TERMINAL_TASK_STATUSES, type TaskInfo } from '../mcp/task-support.ts';
import type { CallHistory } from './call-history.ts';
import type { ApprovalPolicy } from './approval-policy.ts';
import { TaskStatusNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { SessionExtension } from '../mcp/session-extension.ts';

/** A task the page knows about: one it created with a tool call, or one tasks/list returned. */
export interface TrackedTask {
  info: TaskInfo;
  tool: string | undefined;
  /** The history entry that gets the task's result. */
  callId: number | undefined;
  error: string | undefined;
}

/** Polling bounds, so a server's pollInterval can neither hammer it nor stall the page. */
const MIN_POLL_MS = 250;
const MAX_POLL_MS = 10_000;
const DEFAULT_POLL_MS = 1000;

/**
 * Follows tasks created by task-augmented tools/call: polls tasks/get at the server's pollInterval,
 * takes notifications/tasks/status, and fetches tasks/result into the call's history entry.
 * tasks/result is requested at once, because a server may deliver its requests for input
 * (elicitation while input_required) through that response stream.
 */
export class TaskTracker extends Store<{ tasks: TrackedTask[] }> {
  private stopped = new Set<string>();

  constructor(
    private readonly session: McpSession,
    private readonly history: CallHistory,
    private readonly policy: ApprovalPolicy,
  ) {
    super({ tasks: [] });
  }

  /** Starts following a task created by the call `callId`. */
  track(callId: number, tool: string, info: TaskInfo): void {
    this.upsert(info, { tool, callId });
    void this.poll(info.taskId);
    void this.fetchResult(callId, info.taskId);
  }

  /** A notifications/tasks/status arrived. */
  onStatus(params: unknown): void {
    const info = readTask(params);
    if (info) this.upsert(info);
  }

  async cancel(taskId: string): Promise<void> {
    try {
      this.onStatus(await this.session.taskRequest('tasks/cancel', { taskId }));
    } catch (error) {
      this.setError(taskId, error);
    }
  }

  /** tasks/list: adds tasks the server knows and this page does not. */
  async refreshList(): Promise<string | undefined> {
    try {
      const result = await this.session.taskRequest('tasks/list', {});
      for (const task of Array.isArray(result.tasks) ? result.tasks : []) this.onStatus(task);
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** Stops polling everything (on disconnect). */
  stopAll(): void {
    for (const task of this.get().tasks) this.stopped.add(task.info.taskId);
  }

  private async poll(taskId: string): Promise<void> {
    const deadline = Date.now() + this.policy.get().maxTotalMs;
    while (!this.stopped.has(taskId) && Date.now() < deadline) {
      const current = this.find(taskId);
      if (!current || TERMINAL_TASK_STATUSES.has(current.info.status)) return;
      const wait = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, current.info.pollInterval ?? DEFAULT_POLL_MS));
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.stopped.has(taskId)) return;
      try {
        this.onStatus(await this.session.taskRequest('tasks/get', { taskId }));
      } catch (error) {
        this.setError(taskId, error);
        return;
      }
    }
  }

  private async fetchResult(callId: number, taskId: string): Promise<void> {
    const started = performance.now();
    try {
      const result = (await this.session.taskRequest(
        'tasks/result',
        { taskId },
        this.policy.get().maxTotalMs,
      )) as CallToolResult;
      const status = result.isError === true ? 'tool-error' : 'ok';
      this.history.finish(callId, { status, result, durationMs: performance.now() - started });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = (error as { code?: unknown }).code;
      this.history.finish(callId, {
        status: 'protocol-error',
        error: { code: typeof code === 'number' ? code : -1, message },
        durationMs: performance.now() - started,
      });
    }
    // The result is final: stop polling, and read the final status once (notifications may be lost).
    this.stopped.add(taskId);
    try {
      this.onStatus(await this.session.taskRequest('tasks/get', { taskId }));
    } catch (error) {
      this.setError(taskId, error);
    }
  }

  private find(taskId: string): TrackedTask | undefined {
    return this.get().tasks.find((task) => task.info.taskId === taskId);
  }

  private upsert(info: TaskInfo, extra: Partial<TrackedTask> = {}): void {
    this.update((state) => {
      const existing = state.tasks.find((task) => task.info.taskId === info.taskId);
      if (!existing) {
        return {
          tasks: [...state.tasks, { info, tool: undefined, callId: undefined, error: undefined, ...extra }],
        };
      }
      return {
        tasks: state.tasks.map((task) =>
          task === existing ? { ...task, ...extra, info: { ...task.info, ...info } } : task,
        ),
      };
    });
  }

  private setError(taskId: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.update((state) => ({
      tasks: state.tasks.map((task) => (task.info.taskId === taskId ? { ...task, error: message } : task)),
    }));
  }
}

/** Feeds notifications/tasks/status to the task tracker, and stops polling when the connection ends. */
export function taskStatusExtension(tracker: TaskTracker): SessionExtension {
  return {
    attach(client) {
      client.setNotificationHandler(TaskStatusNotificationSchema, (notification) =>
        tracker.onStatus(notification.params),
      );
    },
    detach() {
      tracker.stopAll();
    },
  };
}
