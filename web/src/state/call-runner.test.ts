import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpSession } from '../mcp/mcp-session.ts';
import type { CallOutcome } from '../mcp/session-types.ts';
import { Store } from '../mcp/store.ts';
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

function setup() {
  const calls: { name: string; args: unknown }[] = [];
  const session = {
    state: new Store({ target: { transport: 'stdio', command: 'srv', args: [] } }),
    callTool: vi.fn(async (name: string, args: unknown): Promise<CallOutcome> => {
      calls.push({ name, args });
      return { status: 'ok', result: { content: [] }, durationMs: 1 };
    }),
  } as unknown as McpSession;
  const history = new CallHistory();
  const policy = new ApprovalPolicy();
  const runner = new CallRunner(session, history, policy, new TaskTracker(session, history, policy));
  return { calls, history, policy, runner };
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

  it('skips approval for read-only tools only when the server is trusted and the setting is on', () => {
    const { policy } = setup();
    expect(policy.needsApproval('srv', readOnlyTool)).toBe(true);
    policy.updateSettings({ skipReadOnlyOfTrusted: true });
    expect(policy.needsApproval('srv', readOnlyTool)).toBe(true);
    policy.setTrusted('srv', true);
    expect(policy.needsApproval('srv', readOnlyTool)).toBe(false);
    expect(policy.needsApproval('srv', writeTool)).toBe(true);
    expect(policy.needsApproval('other', readOnlyTool)).toBe(true);
  });
});
