import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import { isRecord } from '#shared/untrusted-json.ts';
import { isViewResourceRead } from '#shared/recordings.ts';
import type { CallOutcome } from '#client/session/session-types.ts';
import type { ServerDetails } from '#client/era/server-details.ts';
import { callEntry, type CallEntry } from '../calls/call-history.ts';
import { describeCall, describeSurfaceCall } from '../calls/call-details.ts';
import { finishedTaskOutcome, resultOutcome, wireErrorOutcome } from '#client/session/call-outcome.ts';
import {
  discoverDetails,
  envelopeVersion,
  recordedDeclarations,
  recordedServerInfo,
} from './discover-details.ts';
import { TraceRounds } from '#client/trace/trace-rounds.ts';

/** Views' calls remembered while waiting for the page's own request (a denied one never comes). */
const MAX_VIEW_CALLS = 50;

type Message = {
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code?: unknown; message?: unknown; data?: unknown };
};

/**
 * Rebuilds what the page showed from the frames the bridge recorded: the server's details
 * (initialize, or server/discover in the 2026-07-28 era), its tools (the latest tools/list, all pages) and every call with its
 * outcome (tools/call, resources/read and prompts/get paired with their answers, cancellations, task results). Frames are added
 * one at a time, so a live recording costs O(1) per frame.
 *
 * Calls the user denied never reached the wire, so they are not here; durations are the
 * bridge's times between request and answer.
 */
export class ReplayBuilder {
  server: ServerDetails | undefined;
  tools: Tool[] = [];
  private entries: CallEntry[] = [];
  private changed = true;
  private callsView: CallEntry[] = [];
  /** Requests from the page still waiting for their answer, by JSON-RPC id. */
  private readonly open = new Map<
    string,
    { method: string; callIndex?: number; cursor?: unknown; listing?: number; version?: string }
  >();
  /** Numbers tools/list listings: a request without a cursor starts the next one. */
  private listingNumber = 0;
  /** Calls run as tasks, by task id, waiting for tasks/result. */
  private readonly taskCalls = new Map<string, number>();
  private listing: Tool[] = [];
  /** Multi round-trip calls (2026-07-28): the retries of one call make one entry. */
  private readonly rounds = new TraceRounds();
  private readonly exchangeOf = new Map<number, number>();
  /** Views' tools/call requests not yet seen going to the server ([name, arguments] as JSON). */
  private readonly viewCalls: string[] = [];

  constructor(private readonly serverLabel: string) {}

  /** The calls so far (a new array after each change). */
  get calls(): CallEntry[] {
    if (this.changed) {
      this.callsView = [...this.entries];
      this.changed = false;
    }
    return this.callsView;
  }

  add(frame: Frame): void {
    this.rounds.add(frame);
    const message = frame.message as Message | undefined;
    if (!message || frame.direction !== 'out') {
      if (message && frame.direction === 'in') this.answer(frame, message);
      if (message && frame.direction === 'from-view') this.viewAsked(message);
      return;
    }
    const method = typeof message.method === 'string' ? message.method : undefined;
    if (method === undefined) return; // the page answering a server request
    if (message.id === undefined || message.id === null) {
      if (method === 'notifications/cancelled') this.cancelled(frame, message.params);
      return;
    }
    const key = JSON.stringify(message.id);
    const params = message.params ?? {};
    const surfaceCall =
      (method === 'resources/read' && !isViewResourceRead(method, params)) || method === 'prompts/get';
    if (method === 'tools/call' || surfaceCall) {
      const round = this.rounds.of(frame.seq);
      const retried = round && round.round > 1 ? this.exchangeOf.get(round.exchangeSeq) : undefined;
      const callIndex =
        retried ??
        (method === 'tools/call'
          ? this.startCall(frame, params)
          : this.startSurfaceCall(frame, method, params));
      if (retried === undefined) this.exchangeOf.set(frame.seq, callIndex);
      this.open.set(key, { method, callIndex });
    } else if (
      (method === 'tasks/result' || method === 'tasks/get') &&
      typeof params.taskId === 'string' &&
      this.taskCalls.has(params.taskId)
    ) {
      this.open.set(key, { method, callIndex: this.taskCalls.get(params.taskId) });
    } else if (method === 'tools/list') {
      if (params.cursor === undefined) this.listingNumber++;
      this.open.set(key, { method, cursor: params.cursor, listing: this.listingNumber });
    } else if (method === 'server/discover') {
      this.open.set(key, { method, version: envelopeVersion(params) });
    } else {
      this.open.set(key, { method });
    }
  }

  private startCall(frame: Frame, params: Record<string, unknown>): number {
    // The tool as listed then (its outputSchema and title judge and name the call), else just its name.
    const listed = this.tools.find((candidate) => candidate.name === params.name);
    const tool = listed ?? ({ name: params.name, inputSchema: { type: 'object' } } as Tool);
    const args = params.arguments ?? {};
    // A bridge recording keeps the page's word on who asked; a session file's View frames say it too.
    const viewAsked = this.takeViewCall(params.name, args);
    const details = describeCall({
      tool,
      args,
      tools: this.tools,
      server: this.serverLabel,
      protocolVersion: this.server?.protocolVersion,
      task: isRecord(params.task) ? (params.task as CallEntry['task']) : undefined,
      origin: frame.origin ?? (viewAsked ? 'view' : undefined),
      // A recording does not say which View asked: the one on screen was the last call's own that no View made.
      viewOf: this.entries.findLast((entry) => entry.origin !== 'view')?.tool,
    });
    this.entries.push(callEntry(details, this.entries.length + 1, frame.time));
    this.changed = true;
    return this.entries.length - 1;
  }

  /** A resource read or a prompt get: a call of its own kind, described as the live page describes it. */
  private startSurfaceCall(
    frame: Frame,
    method: 'resources/read' | 'prompts/get',
    params: Record<string, unknown>,
  ): number {
    const { _meta: _envelope, inputResponses: _answers, requestState: _state, ...sent } = params;
    const details = describeSurfaceCall({
      method,
      params: sent,
      server: this.serverLabel,
      protocolVersion: this.server?.protocolVersion,
    });
    this.entries.push(callEntry(details, this.entries.length + 1, frame.time));
    this.changed = true;
    return this.entries.length - 1;
  }

  /** A View asked the page for this call (a session file holds the page's View frames): it is the View's. */
  private takeViewCall(name: unknown, args: unknown): boolean {
    const key = JSON.stringify([name, args]);
    const index = this.viewCalls.indexOf(key);
    if (index >= 0) this.viewCalls.splice(index, 1);
    return index >= 0;
  }

  /** Notes a View's tools/call; the page's own tools/call to the server follows if the user approves. */
  private viewAsked(message: Message): void {
    if (message.method !== 'tools/call' || !message.params) return;
    this.viewCalls.push(JSON.stringify([message.params.name, message.params.arguments ?? {}]));
    // A denied or refused call never reaches the server: keep only the latest few.
    if (this.viewCalls.length > MAX_VIEW_CALLS) this.viewCalls.shift();
  }

  private answer(frame: Frame, message: Message): void {
    if (message.method !== undefined || message.id === undefined) return;
    const key = JSON.stringify(message.id);
    const request = this.open.get(key);
    if (!request) return;
    this.open.delete(key);
    const result = isRecord(message.result) ? message.result : undefined;
    switch (request.method) {
      case 'initialize':
        if (result) this.server = serverDetails(result);
        return;
      case 'server/discover':
        // The modern era's opening: an answered probe is the connection's era and revision.
        if (result) this.server = discoverDetails(result, request.version);
        return;
      case 'tools/list':
        // Pages of a listing that a newer one replaced are dropped, not mixed in.
        if (!result || !Array.isArray(result.tools) || request.listing !== this.listingNumber) return;
        // A listing without a cursor starts afresh; its next pages add to it.
        this.listing = request.cursor === undefined ? [] : this.listing;
        // The live client's SDK checks a listing; a recording holds whatever the server sent.
        this.listing = [...this.listing, ...(result.tools as unknown[]).filter(isToolLike)];
        this.tools = this.listing;
        return;
      case 'tools/call':
      case 'resources/read':
      case 'prompts/get':
      case 'tasks/result':
        if (request.callIndex !== undefined) this.finishCall(request.callIndex, frame, message);
        return;
      case 'tasks/get':
        // The 2026-07-28 tasks extension: tasks/get carries the result once the task is done.
        if (request.callIndex !== undefined && result)
          this.finishModernTask(request.callIndex, frame, result);
        return;
    }
  }

  private finishCall(index: number, frame: Frame, message: Message): void {
    const call = this.entries[index];
    if (!call || call.outcome) return;
    const durationMs = frame.time - call.startedAt;
    const result = isRecord(message.result) ? message.result : undefined;
    if (result?.resultType === 'input_required') return; // the call goes on in its next round
    if (result?.resultType === 'task' && typeof result.taskId === 'string') {
      this.taskCalls.set(result.taskId, index);
      this.entries[index] = { ...call, createdTask: { taskId: result.taskId } };
      this.changed = true;
      return;
    }
    const task = isRecord(result?.task) ? (result.task as { taskId?: unknown }) : undefined;
    if (result && task && typeof task.taskId === 'string' && !Array.isArray(result.content)) {
      // Run as a task: the result comes with tasks/result.
      this.taskCalls.set(task.taskId, index);
      this.entries[index] = { ...call, createdTask: { taskId: task.taskId, meta: result._meta } };
      this.changed = true;
      return;
    }
    const outcome: CallOutcome = isRecord(message.error)
      ? wireErrorOutcome(message.error, durationMs)
      : resultOutcome((result ?? {}) as CallToolResult, durationMs);
    const rounds = this.roundsOf(index);
    this.setOutcome(index, rounds > 1 ? { ...outcome, rounds } : outcome);
  }

  private finishModernTask(index: number, frame: Frame, task: Record<string, unknown>): void {
    const call = this.entries[index];
    if (!call || call.outcome) return;
    // A 2025-11-25 task's tasks/get says "completed" with no result: that comes with tasks/result.
    if (task.status === 'completed' && !isRecord(task.result)) return;
    const outcome = finishedTaskOutcome(task, frame.time - call.startedAt);
    if (outcome) this.setOutcome(index, outcome);
  }

  /** The page gave up on a call (the user cancelled it, or it timed out). */
  private cancelled(frame: Frame, params: Record<string, unknown> | undefined): void {
    if (!params || params.requestId === undefined) return;
    const key = JSON.stringify(params.requestId);
    const request = this.open.get(key);
    if (request?.callIndex === undefined) return;
    this.open.delete(key);
    const call = this.entries[request.callIndex];
    if (!call || call.outcome) return;
    const reason = typeof params.reason === 'string' ? params.reason : 'Cancelled';
    this.setOutcome(request.callIndex, {
      status: /timed? ?out/i.test(reason) ? 'timed-out' : 'cancelled',
      error: { code: -1, message: reason },
      durationMs: frame.time - call.startedAt,
    });
  }

  private roundsOf(index: number): number {
    for (const [exchangeSeq, callIndex] of this.exchangeOf)
      if (callIndex === index) return this.rounds.roundsOf(exchangeSeq);
    return 1;
  }

  private setOutcome(index: number, outcome: CallOutcome): void {
    this.entries[index] = { ...this.entries[index]!, outcome };
    this.changed = true;
  }
}

function isToolLike(value: unknown): value is Tool {
  return isRecord(value) && typeof value.name === 'string';
}

function serverDetails(result: Record<string, unknown>): ServerDetails {
  const info = isRecord(result.serverInfo) ? result.serverInfo : {};
  return {
    info: recordedServerInfo(info),
    protocolVersion: typeof result.protocolVersion === 'string' ? result.protocolVersion : 'unknown',
    era: 'legacy',
    ...recordedDeclarations(result),
  };
}

/** Rebuilds a whole recording at once. */
export function buildReplay(frames: readonly Frame[], serverLabel: string) {
  const builder = new ReplayBuilder(serverLabel);
  for (const frame of frames) builder.add(frame);
  return { server: builder.server, tools: builder.tools, calls: builder.calls };
}
