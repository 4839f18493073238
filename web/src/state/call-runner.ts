import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describeTarget } from '#shared/targets.ts';
import type { McpSession } from '../mcp/mcp-session.ts';
import type { CallProgress } from '../mcp/session-types.ts';
import { Store } from '../mcp/store.ts';
import type { ApprovalPolicy } from './approval-policy.ts';
import type { CallHistory, CallRecord } from './call-history.ts';
import type { TaskTracker } from './task-tracker.ts';
import { readTask } from '../mcp/task-support.ts';

/** A call waiting for the user's answer in the approval dialog. */
export interface PendingApproval {
  server: string;
  tool: Tool;
  args: unknown;
  /** Set when the call is task-augmented. */
  task: { ttl?: number } | undefined;
}

/** How to make one call. */
export interface RunOptions {
  /** Task augmentation: the server returns a task, tracked until its result arrives. */
  task?: { ttl?: number };
}

/** A call in flight. */
export interface RunningCall {
  id: number;
  tool: string;
  progress: CallProgress | undefined;
}

export interface CallRunnerState {
  pending: PendingApproval | undefined;
  running: RunningCall[];
}

/**
 * Runs tool calls the way a human-in-the-loop client should: ask first (unless the policy says
 * not to), show progress, allow cancel, time out, and record every outcome in the history.
 */
export class CallRunner extends Store<CallRunnerState> {
  private decide: ((answer: { approved: boolean; always: boolean }) => void) | undefined;
  private readonly aborts = new Map<number, AbortController>();

  constructor(
    private readonly session: McpSession,
    private readonly history: CallHistory,
    private readonly policy: ApprovalPolicy,
    private readonly tasks: TaskTracker,
  ) {
    super({ pending: undefined, running: [] });
  }

  /** The description of the connected server, used to key approvals and history. */
  serverLabel(): string {
    const target = this.session.state.get().target;
    return target ? describeTarget(target) : 'no server';
  }

  /** Asks for approval if needed, then calls the tool. Resolves with the history record. */
  async call(tool: Tool, args: unknown, options: RunOptions = {}): Promise<CallRecord | undefined> {
    const server = this.serverLabel();
    if (this.policy.needsApproval(server, tool)) {
      if (this.decide) return undefined; // One dialog at a time; the button is disabled meanwhile.
      const answer = await new Promise<{ approved: boolean; always: boolean }>((resolve) => {
        this.decide = resolve;
        this.update({ pending: { server, tool, args, task: options.task } });
      });
      this.decide = undefined;
      this.update({ pending: undefined });
      if (!answer.approved) return this.history.find(this.history.addDenied(tool.name, server, args));
      if (answer.always) this.policy.alwaysAllow(server, tool.name);
    }
    return this.run(tool, server, args, options);
  }

  /** The user's answer to the pending approval. */
  answer(approved: boolean, always = false): void {
    this.decide?.({ approved, always });
  }

  /** Cancels a running call: the session sends notifications/cancelled. */
  cancel(id: number): void {
    this.aborts.get(id)?.abort('Cancelled by the user');
  }

  private async run(
    tool: Tool,
    server: string,
    args: unknown,
    options: RunOptions,
  ): Promise<CallRecord | undefined> {
    const id = this.history.start(tool.name, server, args, tool.outputSchema);
    const abort = new AbortController();
    this.aborts.set(id, abort);
    this.update((state) => ({ running: [...state.running, { id, tool: tool.name, progress: undefined }] }));
    const { timeoutMs, maxTotalMs } = this.policy.get();
    try {
      const outcome = await this.session.callTool(tool.name, args, {
        signal: abort.signal,
        timeoutMs,
        maxTotalMs,
        task: options.task,
        onprogress: (progress) =>
          this.update((state) => ({
            running: state.running.map((r) => (r.id === id ? { ...r, progress } : r)),
          })),
      });
      const created =
        options.task && outcome.status === 'ok' ? (outcome.result as { task?: unknown }).task : undefined;
      const task = readTask(created);
      // A created task finishes later: the tracker fills in this entry when tasks/result arrives.
      if (task) this.tasks.track(id, tool.name, task);
      else this.history.finish(id, outcome);
    } finally {
      this.aborts.delete(id);
      this.update((state) => ({ running: state.running.filter((r) => r.id !== id) }));
    }
    return this.history.find(id);
  }
}
