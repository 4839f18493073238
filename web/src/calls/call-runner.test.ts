import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallOutcome } from '#client/session/session-types.ts';
import { Store } from '#client/lib/store.ts';
import { listTools } from '#client/tools/tool-identity.ts';
import { ApprovalPolicy } from './approval-policy.ts';
import { CallHistory } from './call-history.ts';
import { CallRunner } from './call-runner.ts';
import { TaskTracker } from './task-tracker.ts';

const readOnlyTool: Tool = {
  name: 'look',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true },
};
const writeTool: Tool = { name: 'write', inputSchema: { type: 'object' } };
const firstDup: Tool = { name: 'dup', description: 'first', inputSchema: { type: 'object' } };
const secondDup: Tool = { name: 'dup', description: 'second', inputSchema: { type: 'object' } };

function setup(tools: Tool[] = [readOnlyTool, writeTool, firstDup, secondDup]) {
  const calls: { name: string; args: unknown }[] = [];
  const session = {
    state: new Store({
      target: { transport: 'stdio', command: 'srv', args: [] },
      server: { protocolVersion: '2025-11-25', capabilities: {} },
      tools,
    }),
    callTool: vi.fn(async (name: string, args: unknown): Promise<CallOutcome> => {
      calls.push({ name, args });
      return { status: 'ok', result: { content: [] }, durationMs: 1 };
    }),
  } as unknown as McpSession;
  const history = new CallHistory();
  const policy = new ApprovalPolicy();
  const runner = new CallRunner(session, history, policy, new TaskTracker(session, history, policy));
  return { calls, history, policy, runner, session };
}

describe('CallRunner and ApprovalPolicy', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('asks before calling and sends nothing on deny, recording the denial', async () => {
    const { calls, history, runner } = setup();
    const done = runner.call(writeTool, { a: 1 });
    expect(runner.get().pending).toMatchObject({ server: 'srv', tool: writeTool, args: { a: 1 } });
    runner.answer(false);
    const record = await done;
    expect(calls).toEqual([]);
    expect(record?.outcome?.status).toBe('denied');
    expect(history.get().calls).toHaveLength(1);
  });

  it('calls on approve, and "always allow" skips the dialog for that tool of that server only', async () => {
    const { calls, runner } = setup();
    const first = runner.call(writeTool, {});
    runner.answer(true, true);
    expect((await first)?.outcome?.status).toBe('ok');
    await runner.call(writeTool, { again: true });
    expect(calls).toHaveLength(2);
    void runner.call(readOnlyTool, {});
    expect(runner.get().pending?.tool).toBe(readOnlyTool);
  });

  it('keeps "always allow" of one duplicate from covering the other, and keeps which one was called', async () => {
    const { calls, runner } = setup();
    const first = runner.call(secondDup, {});
    expect(runner.get().pending).toMatchObject({ duplicate: { occurrence: 2, sameName: 2 } });
    runner.answer(true, true);
    expect(await first).toMatchObject({
      tool: 'dup',
      toolKey: listTools([readOnlyTool, writeTool, firstDup, secondDup])[3]!.key,
    });
    await runner.call(secondDup, {});
    expect(calls).toHaveLength(2);
    void runner.call(firstDup, {});
    expect(runner.get().pending?.tool).toBe(firstDup);
    expect(runner.get().pending?.toolKey).toBe('dup');
  });

  it('skips approval for read-only tools only when the server is trusted and the setting is on', () => {
    const { policy } = setup();
    expect(policy.needsApproval('srv', readOnlyTool)).toBe(true);
    policy.updateSettings({ skipReadOnlyOfTrusted: true });
    expect(policy.needsApproval('srv', readOnlyTool)).toBe(true);
    policy.setTrusted('srv', true);
    expect(policy.needsApproval('srv', readOnlyTool)).toBe(false);
    expect(policy.needsApproval('srv', writeTool)).toBe(true);
    expect(policy.needsApproval('other', readOnlyTool)).toBe(true);
    // A tool that claims read-only and destructive at once is not read-only enough to skip the dialog.
    const contradictory: Tool = {
      ...readOnlyTool,
      annotations: { readOnlyHint: true, destructiveHint: true },
    };
    expect(policy.needsApproval('srv', contradictory)).toBe(true);
    policy.setTrusted('srv', false);
    policy.updateSettings({ skipReadOnlyOfTrusted: false });
  });

  it('keeps the display name, the revision and a call with a name that is not a string', async () => {
    const odd = {
      name: 42,
      inputSchema: { type: 'object' },
      annotations: { title: 'Forty-two' },
    } as unknown as Tool;
    const { calls, runner } = setup([odd]);
    const done = runner.call(odd, {});
    runner.answer(true);
    expect(await done).toMatchObject({ tool: '42', displayName: 'Forty-two', revision: '2025-11-25' });
    expect(calls[0]?.name).toBe(42);
  });
  it('queues calls asked for while the dialog is open and asks them in turn, answering both', async () => {
    const { calls, runner } = setup();
    const first = runner.call(writeTool, { n: 1 }, { origin: 'view' });
    const second = runner.call(writeTool, { n: 2 }, { origin: 'view' });
    expect(runner.get()).toMatchObject({ pending: { args: { n: 1 } }, queued: 1 });
    runner.answer(true);
    expect((await first)?.outcome?.status).toBe('ok');
    await vi.waitFor(() => expect(runner.get().pending?.args).toEqual({ n: 2 }));
    expect(runner.get().queued).toBe(0);
    runner.answer(false);
    expect((await second)?.outcome?.status).toBe('denied');
    expect(calls).toEqual([{ name: 'write', args: { n: 1 } }]);
    expect(runner.get()).toMatchObject({ pending: undefined, queued: 0 });
  });

  it('spares the calls in line an "Always allow" given to their tool meanwhile', async () => {
    const { calls, runner } = setup();
    const first = runner.call(writeTool, { n: 1 });
    const second = runner.call(writeTool, { n: 2 });
    runner.answer(true, true);
    await first;
    expect((await second)?.outcome?.status).toBe('ok');
    expect(calls).toHaveLength(2);
    expect(runner.get().pending).toBeUndefined();
  });

  it('lets a withdrawn call leave the line or the dialog without a trace in the history', async () => {
    const { calls, history, runner } = setup();
    const inDialog = new AbortController();
    const inLine = new AbortController();
    const first = runner.call(writeTool, { n: 1 }, { signal: inDialog.signal });
    const second = runner.call(writeTool, { n: 2 }, { signal: inLine.signal });
    const third = runner.call(writeTool, { n: 3 });
    expect(runner.get().queued).toBe(2);
    inLine.abort();
    expect(await second).toBeUndefined();
    expect(runner.get().queued).toBe(1);
    inDialog.abort();
    expect(await first).toBeUndefined();
    await vi.waitFor(() => expect(runner.get().pending?.args).toEqual({ n: 3 }));
    runner.answer(true);
    expect((await third)?.outcome?.status).toBe('ok');
    expect(calls).toEqual([{ name: 'write', args: { n: 3 } }]);
    expect(history.get().calls).toHaveLength(1);
  });
});
