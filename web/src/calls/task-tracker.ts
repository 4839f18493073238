import type { CallToolResult } from '@modelcontextprotocol/client';
import { finishedTaskOutcome, resultOutcome } from '#client/session/call-outcome.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { Store } from '#client/lib/store.ts';
import { readTask, TERMINAL_TASK_STATUSES, type TaskInfo } from '#client/tasks/task-support.ts';
import type { CallHistory } from './call-history.ts';
import type { ApprovalPolicy } from './approval-policy.ts';
import type { SessionExtension } from '#client/session/session-extension.ts';
import { readInputRequests, tasksExtensionCapabilities } from '#client/tasks/task-extension.ts';

/** A task the page knows about: one it created with a tool call, or one tasks/list returned. */
export interface TrackedTask {
  info: TaskInfo;
  tool: string | undefined;
  /** The history entry that gets the task's result. */
  callId: number | undefined;
  error: string | undefined;
  /** A task of the 2026-07-28 tasks extension (polled with tasks/get, result inline). */
  modern?: boolean;
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

  /**
   * Follows a task of the 2026-07-28 tasks extension created by the call `callId`: polls tasks/get
   * at the server's interval, answers its input requests with tasks/update, and finishes the
   * call's history entry with the result (or error) tasks/get carries once the task is done.
   */
  trackModern(callId: number, tool: string, info: TaskInfo): void {
    this.upsert(info, { tool, callId, modern: true });
    void this.pollModern(callId, info.taskId);
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

  private async pollModern(callId: number, taskId: string): Promise<void> {
    const started = performance.now();
    const deadline = Date.now() + this.policy.get().maxTotalMs;
    const finish = (outcome: Omit<Parameters<CallHistory['finish']>[1], 'durationMs'>) =>
      this.history.finish(callId, { ...outcome, durationMs: performance.now() - started });
    while (!this.stopped.has(taskId)) {
      const current = this.find(taskId);
      if (!current) return;
      if (Date.now() >= deadline) {
        this.stopped.add(taskId);
        finish({
          status: 'timed-out',
          error: { code: -32001, message: 'The task outlived the maximum total time' },
        });
        return;
      }
      const wait = Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, current.info.pollInterval ?? DEFAULT_POLL_MS));
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (this.stopped.has(taskId)) return;
      let view: Record<string, unknown>;
      try {
        view = await this.session.taskRequest('tasks/get', { taskId });
        this.onStatus(view);
        if (view.status === 'input_required') await this.giveInput(taskId, view.inputRequests);
      } catch (error) {
        this.setError(taskId, error);
        this.stopped.add(taskId);
        finish({ status: 'protocol-error', error: errorOf(error) });
        return;
      }
      const over = finishedTaskOutcome(view, performance.now() - started);
      if (!over) continue;
      this.history.finish(callId, over);
      this.stopped.add(taskId);
      return;
    }
  }

  /** Asks the page for a waiting task's input, then sends it with tasks/update. */
  private async giveInput(taskId: string, inputRequests: unknown): Promise<void> {
    const requests = readInputRequests(inputRequests);
    if (Object.keys(requests).length === 0) return;
    const inputResponses = await this.session.answerInput(requests);
    if (this.stopped.has(taskId)) return;
    await this.session.taskRequest('tasks/update', { taskId, inputResponses });
  }

  private async fetchResult(callId: number, taskId: string): Promise<void> {
    const started = performance.now();
    try {
      const result = (await this.session.taskRequest(
        'tasks/result',
        { taskId },
        this.policy.get().maxTotalMs,
      )) as CallToolResult;
      this.history.finish(callId, resultOutcome(result, performance.now() - started));
    } catch (error) {
      this.history.finish(callId, {
        status: 'protocol-error',
        error: errorOf(error),
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

function errorOf(error: unknown): { code: number; message: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    code: typeof code === 'number' ? code : -1,
    message: error instanceof Error ? error.message : String(error),
  };
}

/**
 * Declares the 2026-07-28 tasks extension, feeds notifications/tasks/status (2025-11-25) to the task
 * tracker, and stops polling when the connection ends.
 */
export function taskStatusExtension(tracker: TaskTracker): SessionExtension {
  return {
    capabilities: tasksExtensionCapabilities,
    attach(client) {
      // Tasks (2025-11-25) are not in the SDK v2 typed notification map: the method is named as is.
      client.setNotificationHandler('notifications/tasks/status' as 'notifications/message', (notification) =>
        tracker.onStatus(notification.params as unknown as Parameters<TaskTracker['onStatus']>[0]),
      );
    },
    detach() {
      tracker.stopAll();
    },
  };
}
