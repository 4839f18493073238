import type { Tool } from '@modelcontextprotocol/client';
import { describeTarget } from '#shared/targets.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallProgress } from '#client/session/session-types.ts';
import { Store } from '#client/lib/store.ts';
import { decideTask, type TaskDecision, type TaskRequest } from '#client/tasks/task-decision.ts';
import { readTask, taskMode } from '#client/tasks/task-support.ts';
import { modernTaskOf } from '#client/tasks/task-extension.ts';
import { fallbackKey, identifyTool } from '#client/tools/tool-identity.ts';
import { describeCall } from './call-details.ts';
import type { ApprovalPolicy } from './approval-policy.ts';
import type { CallHistory, CallEntry, CallOrigin, NewCall } from './call-history.ts';
import type { TaskTracker } from './task-tracker.ts';

/** A call waiting for the user's answer in the approval dialog. */
export interface PendingApproval {
  server: string;
  tool: Tool;
  /** Which listed tool (tells duplicates apart); "Always allow" is given to this key. */
  toolKey: string;
  /** Set when other listed tools share the name: which one this is. */
  duplicate?: { occurrence: number; sameName: number };
  args: unknown;
  /** Whether the call is task-augmented, and whether that breaks the spec's rule on purpose. */
  decision: TaskDecision;
  /** Who asked for the call (absent: the user). */
  origin?: CallOrigin;
  /** What the form has that `args` leaves out (map entries with no key), for the dialog's schema warning. */
  leftOut?: LeftOutArgument[];
}

/** A part of the form not sent with the arguments, at the JSON Pointer of its parent ("entry 2 has no key"). */
export interface LeftOutArgument {
  path: string;
  message: string;
}

/** How to make one call. */
export interface RunOptions {
  /** What the call path asks for (see decideTask); by default the spec's rule for the tool. */
  task?: TaskRequest;
  /** Who asks for the call (default: the user); shown in the approval dialog and the history. */
  origin?: CallOrigin;
  /** For a View's call: the tool whose View asks (shown in its History row). */
  viewOf?: string;
  /** What the form has that `args` leaves out, shown in the approval dialog. */
  leftOut?: LeftOutArgument[];
  /**
   * Withdraws the call while it waits for approval (in line or in the dialog): it then resolves undefined and
   * leaves no history entry (a View that closed takes back the calls it was still waiting on).
   */
  signal?: AbortSignal;
}

/** A call in flight. */
export interface RunningCall {
  id: number;
  tool: string;
  /** Which listed tool, so only its own panel shows its progress. */
  toolKey: string;
  progress: CallProgress | undefined;
}

export interface CallRunnerState {
  pending: PendingApproval | undefined;
  /** Calls waiting in line behind the one in the dialog (a View may ask for several at once). */
  queued: number;
  running: RunningCall[];
}

type Answer = { approved: boolean; always: boolean };

/**
 * Runs tool calls the way a human-in-the-loop client should: decide task augmentation by the spec's
 * rule, ask first (unless the policy says not to), show progress, allow cancel, time out, and record
 * every outcome in the history. Every call path goes through `call`.
 */
export class CallRunner extends Store<CallRunnerState> {
  private decide: ((answer: Answer | undefined) => void) | undefined;
  /** Whether a call holds the dialog (asking, or just handed it by the call before it). */
  private holding = false;
  /** The calls waiting for the dialog, first come first asked. */
  private readonly line: (() => void)[] = [];
  private readonly aborts = new Map<number, AbortController>();

  constructor(
    private readonly session: McpSession,
    private readonly history: CallHistory,
    private readonly policy: ApprovalPolicy,
    private readonly tasks: TaskTracker,
  ) {
    super({ pending: undefined, queued: 0, running: [] });
  }

  /** The description of the connected server, used to key approvals and history. */
  serverLabel(): string {
    const target = this.session.state.get().target;
    return target ? describeTarget(target) : 'no server';
  }

  /** How a call of `tool` would be made for `request`, with the server connected now. */
  decideTask(tool: Tool, request?: TaskRequest): TaskDecision {
    const details = this.session.state.get().server;
    return decideTask(taskMode(details?.capabilities, tool, details?.protocolVersion), request);
  }

  /** Decides task augmentation, asks for approval if needed, then calls. Resolves with the history entry. */
  async call(tool: Tool, args: unknown, options: RunOptions = {}): Promise<CallEntry | undefined> {
    const server = this.serverLabel();
    const state = this.session.state.get();
    const listed = identifyTool(state.tools, tool);
    const toolKey = listed?.key ?? fallbackKey(tool);
    const decision = this.decideTask(tool, options.task);
    const details = describeCall({
      tool,
      args,
      tools: state.tools,
      server,
      protocolVersion: state.server?.protocolVersion,
      task: decision.task,
      taskForced: decision.forced,
      origin: options.origin,
      viewOf: options.viewOf,
    });
    if (this.policy.needsApproval(server, tool, toolKey)) {
      const duplicate =
        listed && listed.sameName > 1
          ? { occurrence: listed.occurrence, sameName: listed.sameName }
          : undefined;
      const pending: PendingApproval = {
        server,
        tool,
        toolKey,
        duplicate,
        args,
        decision,
        origin: details.origin,
        ...(options.leftOut?.length ? { leftOut: options.leftOut } : {}),
      };
      // One dialog at a time: calls asked for meanwhile wait in line (two calls a View sends at once are both
      // asked, one after the other), and an "Always allow" given meanwhile spares the ones behind it.
      const answer = await this.ask(pending, options.signal, () =>
        this.policy.needsApproval(server, tool, toolKey),
      );
      if (answer === 'withdrawn') return undefined;
      if (answer && !answer.approved) return this.history.find(this.history.addDenied(details));
    }
    return this.run(tool, details, decision);
  }

  /**
   * Waits for the dialog, then asks. Undefined when approval was no longer needed once its turn came;
   * `withdrawn` when `signal` aborted first.
   */
  private async ask(
    pending: PendingApproval,
    signal: AbortSignal | undefined,
    stillNeeded: () => boolean,
  ): Promise<Answer | 'withdrawn' | undefined> {
    if (signal?.aborted) return 'withdrawn';
    if (this.holding) {
      const turn = await new Promise<boolean>((resolve) => {
        const go = () => {
          signal?.removeEventListener('abort', leave);
          resolve(true);
        };
        const leave = () => {
          const index = this.line.indexOf(go);
          if (index >= 0) this.line.splice(index, 1);
          this.update({ queued: this.line.length });
          resolve(false);
        };
        this.line.push(go);
        this.update({ queued: this.line.length });
        signal?.addEventListener('abort', leave, { once: true });
      });
      if (!turn) return 'withdrawn';
    }
    this.holding = true;
    try {
      if (signal?.aborted) return 'withdrawn';
      if (!stillNeeded()) return undefined;
      const answer = await new Promise<Answer | undefined>((resolve) => {
        this.decide = resolve;
        signal?.addEventListener('abort', () => resolve(undefined), { once: true });
        this.update({ pending });
      });
      // Given before the next call in line takes the dialog, so that call sees it.
      if (answer?.approved && answer.always) this.policy.alwaysAllow(pending.server, pending.toolKey);
      return answer ?? 'withdrawn';
    } finally {
      this.decide = undefined;
      this.update({ pending: undefined });
      this.handOn();
    }
  }

  /** Gives the dialog to the next call in line, or frees it. */
  private handOn(): void {
    const next = this.line.shift();
    this.holding = next !== undefined;
    this.update({ queued: this.line.length });
    next?.();
  }

  /** The user's answer to the pending approval. */
  answer(approved: boolean, always = false): void {
    this.decide?.({ approved, always });
  }

  /** Cancels a running call: the session sends notifications/cancelled. */
  cancel(id: number): void {
    this.aborts.get(id)?.abort('Cancelled by the user');
  }

  private async run(tool: Tool, details: NewCall, decision: TaskDecision): Promise<CallEntry | undefined> {
    const id = this.history.start(details);
    const abort = new AbortController();
    this.aborts.set(id, abort);
    const running: RunningCall = { id, tool: details.tool, toolKey: details.toolKey!, progress: undefined };
    this.update((state) => ({ running: [...state.running, running] }));
    const { timeoutMs, maxTotalMs } = this.policy.get();
    try {
      const outcome = await this.session.callTool(tool.name, details.args, {
        signal: abort.signal,
        timeoutMs,
        maxTotalMs,
        task: decision.task,
        // The trace marks the frames of a model's or a View's call as the history marks the entry.
        origin: details.origin === 'user' ? undefined : details.origin,
        onprogress: (progress) =>
          this.update((state) => ({
            running: state.running.map((r) => (r.id === id ? { ...r, progress } : r)),
          })),
      });
      const answer =
        decision.task && outcome.status === 'ok' ? (outcome.result as Record<string, unknown>) : {};
      const task = readTask(answer.task);
      const modernTask = outcome.status === 'ok' ? modernTaskOf(outcome.result) : undefined;
      if (modernTask) {
        // A task of the 2026-07-28 extension: tasks/get brings its status, input requests and result.
        this.history.amend(id, { createdTask: { taskId: modernTask.taskId } });
        this.tasks.trackModern(id, details.tool, modernTask);
      } else if (task) {
        // A created task finishes later: the tracker fills in this entry when tasks/result arrives.
        this.history.amend(id, { createdTask: { taskId: task.taskId, meta: answer._meta } });
        this.tasks.track(id, details.tool, task);
      } else this.history.finish(id, outcome);
    } finally {
      this.aborts.delete(id);
      this.update((state) => ({ running: state.running.filter((r) => r.id !== id) }));
    }
    return this.history.find(id);
  }
}
