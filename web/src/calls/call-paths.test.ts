import { describe, expect, it, vi } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import type { McpSession, CallOptions } from '#client/session/mcp-session.ts';
import type { CallOutcome } from '#client/session/session-types.ts';
import { Store } from '#client/lib/store.ts';
import { DEFAULT_TASK_TTL_MS } from '#client/tasks/task-decision.ts';
import { listTools } from '#client/tools/tool-identity.ts';
import { ApprovalPolicy } from './approval-policy.ts';
import { CallHistory } from './call-history.ts';
import { editCall, locateTool, repeatTask, rerunCall, runSaved } from './call-paths.ts';
import { CallRunner } from './call-runner.ts';
import { TaskTracker } from './task-tracker.ts';
import { Workspace } from './workspace.ts';

const required: Tool = {
  name: 'research',
  inputSchema: { type: 'object' },
  execution: { taskSupport: 'required' },
} as Tool;
const optional: Tool = {
  name: 'count',
  inputSchema: { type: 'object' },
  execution: { taskSupport: 'optional' },
} as Tool;
const dupA: Tool = { name: 'dup', description: 'first', inputSchema: { type: 'object' } };
const dupB: Tool = { name: 'dup', description: 'second', inputSchema: { type: 'object' } };
const tools = [required, optional, dupA, dupB];

/** A runner over a fake session that answers every call plainly and keeps what was sent. */
function setup() {
  const sent: { name: string; task: CallOptions['task']; origin?: CallOptions['origin'] }[] = [];
  const session = {
    state: new Store({
      target: { transport: 'stdio', command: 'srv', args: [] },
      server: {
        protocolVersion: '2025-11-25',
        capabilities: { tasks: { requests: { tools: { call: {} } } } },
      },
      tools,
    }),
    callTool: vi.fn(async (name: string, _args: unknown, options: CallOptions): Promise<CallOutcome> => {
      sent.push({ name, task: options.task, origin: options.origin });
      return { status: 'ok', result: { content: [] }, durationMs: 1 };
    }),
  } as unknown as McpSession;
  const history = new CallHistory();
  const policy = new ApprovalPolicy();
  const runner = new CallRunner(session, history, policy, new TaskTracker(session, history, policy));
  for (const { key } of listTools(tools)) policy.alwaysAllow(runner.serverLabel(), key);
  return { sent, history, runner, workspace: new Workspace() };
}

async function done(result: ReturnType<typeof rerunCall>) {
  if ('problem' in result) throw new Error(result.problem);
  return result.done;
}

describe('every call path decides task augmentation the same way', () => {
  it('the Call button path: a required tool runs as a task when the user chose nothing', async () => {
    const { sent, runner } = setup();
    const record = await runner.call(required, {});
    expect(sent[0]?.task).toEqual({ ttl: DEFAULT_TASK_TTL_MS });
    expect(record).toMatchObject({ task: { ttl: DEFAULT_TASK_TTL_MS } });
  });

  it('passes who asked for the call to the session, so the trace marks its frames (the user: no mark)', async () => {
    const { sent, runner } = setup();
    await runner.call(optional, {}, { origin: 'view' });
    await runner.call(optional, {}, { origin: 'model' });
    await runner.call(optional, {}, { origin: 'user' });
    await runner.call(optional, {});
    expect(sent.map((call) => call.origin)).toEqual(['view', 'model', undefined, undefined]);
  });

  it('Re-run repeats the decision the history kept, forced ones included', async () => {
    const { sent, runner } = setup();
    const forcedPlain = await runner.call(required, { a: 1 }, { task: { kind: 'choice', asTask: false } });
    expect(forcedPlain).toMatchObject({ taskForced: true });
    const again = await done(rerunCall(runner, new Workspace(), tools, forcedPlain!));
    expect(sent.map((s) => s.task)).toEqual([undefined, undefined]);
    expect(again).toMatchObject({ taskForced: true, args: { a: 1 } });

    const optionalTask = await runner.call(
      optional,
      {},
      { task: { kind: 'choice', asTask: true, ttlMs: 7000 } },
    );
    await done(rerunCall(runner, new Workspace(), tools, optionalTask!));
    expect(sent.slice(2).map((s) => s.task)).toEqual([{ ttl: 7000 }, { ttl: 7000 }]);
  });

  it('Re-run of an old entry without a decision follows the spec (a required tool gets its task)', async () => {
    const { sent, runner } = setup();
    const old = { id: 1, tool: 'research', server: 'srv', args: {}, startedAt: 0, outcome: undefined };
    await done(rerunCall(runner, new Workspace(), tools, old));
    expect(sent[0]?.task).toEqual({ ttl: DEFAULT_TASK_TTL_MS });
  });

  it('Re-run reaches the duplicate that was called, not the first of its name', async () => {
    const { runner, history } = setup();
    const second = await runner.call(dupB, {});
    const again = await done(rerunCall(runner, new Workspace(), tools, second!));
    expect(again?.toolKey).toBe(second?.toolKey);
    expect(again?.toolKey).not.toBe('dup');
    expect(history.get().calls).toHaveLength(2);
  });

  it('Re-run of another tool opens that tool with the arguments it sends, as Edit does', async () => {
    const { runner, workspace, history } = setup();
    const counted = await runner.call(optional, { n: 3 });
    workspace.edit('research', { other: true });
    expect(workspace.get().selectedTool).toBe('research');
    const again = await done(rerunCall(runner, workspace, tools, counted!));
    expect(workspace.get().selectedTool).toBe(counted!.toolKey);
    expect(workspace.get().drafts[counted!.toolKey!]).toBe(JSON.stringify({ n: 3 }, null, 2));
    expect(history.get().selectedId).toBe(again!.id);
    expect(rerunCall(runner, workspace, [], counted!)).toEqual({
      problem: 'The tool "count" is not listed on the current server.',
    });
    expect(workspace.get().selectedTool).toBe(counted!.toolKey);
  });

  it("a saved request's Run opens its tool with its arguments too", async () => {
    const { runner, workspace } = setup();
    await done(runSaved(runner, workspace, tools, { tool: 'count', args: { n: 9 } }));
    expect(workspace.get().selectedTool).toBe('count');
    expect(workspace.get().drafts.count).toBe(JSON.stringify({ n: 9 }, null, 2));
  });

  it('Edit opens the same tool with its arguments and the kept decision for the Call button', async () => {
    const { runner } = setup();
    const workspace = new Workspace();
    const record = await runner.call(
      optional,
      { n: 3 },
      { task: { kind: 'choice', asTask: true, ttlMs: 2000 } },
    );
    expect(editCall(workspace, tools, record!)).toBeUndefined();
    const key = record!.toolKey!;
    expect(workspace.get()).toMatchObject({
      selectedTool: key,
      drafts: { [key]: JSON.stringify({ n: 3 }, null, 2) },
      taskRequests: { [key]: { kind: 'repeat', task: { ttl: 2000 }, forced: false } },
    });
    expect(runner.decideTask(optional, workspace.get().taskRequests[key])).toMatchObject({
      task: { ttl: 2000 },
    });
    expect(editCall(workspace, [], record!)).toMatch(/not listed/);
  });

  it('a saved request runs by the spec when it kept no decision, and repeats one it kept', async () => {
    const { sent, runner } = setup();
    await done(runSaved(runner, new Workspace(), tools, { tool: 'research', args: {} }));
    await done(
      runSaved(runner, new Workspace(), tools, {
        tool: 'research',
        args: {},
        call: { task: undefined, taskForced: true },
      }),
    );
    await done(
      runSaved(runner, new Workspace(), tools, { tool: 'count', args: {}, call: { task: { ttl: 42 } } }),
    );
    expect(sent.map((s) => s.task)).toEqual([{ ttl: DEFAULT_TASK_TTL_MS }, undefined, { ttl: 42 }]);
    expect(runSaved(runner, new Workspace(), tools, { tool: 'gone', args: {} })).toEqual({
      problem: 'The tool "gone" is not listed on the current server.',
    });
  });

  it('reads a saved task decision loosely: a malformed task is no task', () => {
    expect(repeatTask({ task: 'x' as never })).toEqual({ kind: 'repeat', task: undefined, forced: false });
    expect(repeatTask({ task: { ttl: 'long' } as never })).toMatchObject({ task: undefined });
    expect(repeatTask({ task: { ttl: 5, extra: 1 } as never, taskForced: true })).toEqual({
      kind: 'repeat',
      task: { ttl: 5 },
      forced: true,
    });
  });

  it('locates a tool by key first, then by name', () => {
    const keys = listTools(tools).map((l) => l.key);
    expect(locateTool(tools, { toolKey: keys[3], tool: 'dup' })).toBe(dupB);
    expect(locateTool(tools, { toolKey: 'stale', tool: 'dup' })).toBe(dupA);
    expect(locateTool(tools, { tool: 'nope' })).toBeUndefined();
  });
});
