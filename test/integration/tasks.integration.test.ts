import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../../server/bridge.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { taskMode } from '#client/tasks/task-support.ts';
import { ApprovalPolicy } from '../../web/src/calls/approval-policy.ts';
import { CallHistory } from '../../web/src/calls/call-history.ts';
import { CallRunner } from '../../web/src/calls/call-runner.ts';
import { TaskTracker, taskStatusExtension } from '../../web/src/calls/task-tracker.ts';

let bridge: RunningBridge;
let session: McpSession;
let history: CallHistory;
let tasks: TaskTracker;
let runner: CallRunner;

beforeAll(async () => {
  bridge = await startTestBridge();
  session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
  history = new CallHistory();
  const policy = new ApprovalPolicy();
  tasks = new TaskTracker(session, history, policy);
  runner = new CallRunner(session, history, policy, tasks);
  session.use(taskStatusExtension(tasks));
  await session.connect(fixtureCommand('tasks-server'));
  for (const name of ['count_slowly', 'must_run_as_task', 'plain_only'])
    policy.alwaysAllow(runner.serverLabel(), name);
});

afterAll(async () => {
  await session.disconnect();
  await bridge.close();
});

const asTask = (ttlMs: number) => ({ task: { kind: 'choice' as const, asTask: true, ttlMs } });

const tool = (name: string) => {
  const found = session.state.get().tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe('task-augmented tool calls against a fixture server', () => {
  it('reads task support per the spec rules', () => {
    const capabilities = session.state.get().server?.capabilities;
    expect(taskMode(capabilities, tool('count_slowly'))).toBe('optional');
    expect(taskMode(capabilities, tool('must_run_as_task'))).toBe('required');
    expect(taskMode(capabilities, tool('plain_only'))).toBe('forbidden');
  });

  it('creates a task, polls it, and puts tasks/result into the call history', async () => {
    const record = await runner.call(tool('count_slowly'), { steps: 3 }, asTask(30_000));
    expect(record?.outcome).toBeUndefined();
    const tracked = () => tasks.get().tasks.find((t) => t.callId === record?.id);
    expect(tracked()?.info.pollInterval).toBe(100);
    await waitFor(() => history.find(record!.id)?.outcome !== undefined, 'the task result');
    expect(history.find(record!.id)?.outcome).toMatchObject({
      status: 'ok',
      result: { content: [{ type: 'text', text: 'counted to 3' }] },
    });
    await waitFor(() => tracked()?.info.status === 'completed', 'the completed status');
    const methods = session.trace
      .get()
      .frames.map((f) => (f.message as { method?: string } | undefined)?.method);
    expect(methods).toContain('tasks/result');
  });

  it('cancels a running task and lists tasks', async () => {
    const record = await runner.call(tool('count_slowly'), { steps: 50 }, asTask(30_000));
    const taskId = tasks.get().tasks.find((t) => t.callId === record?.id)!.info.taskId;
    await tasks.cancel(taskId);
    await waitFor(
      () => tasks.get().tasks.find((t) => t.info.taskId === taskId)?.info.status === 'cancelled',
      'cancelled',
    );
    expect(await tasks.refreshList()).toBeUndefined();
    expect(tasks.get().tasks.length).toBeGreaterThanOrEqual(2);
  });

  it('runs a task-required tool as a task when the path asks nothing, and records the decision', async () => {
    const record = await runner.call(tool('must_run_as_task'), { steps: 1 });
    expect(record).toMatchObject({ task: { ttl: 300_000 }, createdTask: { taskId: expect.any(String) } });
    expect(record?.taskForced).toBeUndefined();
    await waitFor(() => history.find(record!.id)?.outcome !== undefined, 'the task result');
    expect(history.find(record!.id)?.outcome).toMatchObject({ status: 'ok' });
    const sent = session.trace
      .get()
      .frames.map((f) => f.message as { method?: string; params?: { name?: string; task?: unknown } })
      .filter((m) => m?.method === 'tools/call' && m.params?.name === 'must_run_as_task');
    expect(sent.at(-1)?.params?.task).toEqual({ ttl: 300_000 });
  });

  it('shows what the server answers when the rules are broken on purpose', async () => {
    const plainCallOfRequired = await runner.call(
      tool('must_run_as_task'),
      { steps: 1 },
      { task: { kind: 'choice', asTask: false } },
    );
    expect(plainCallOfRequired).toMatchObject({ taskForced: true });
    expect(plainCallOfRequired?.task).toBeUndefined();
    // The SDK's McpServer answers with an isError result naming -32601 (the spec asks for a JSON-RPC error).
    expect(plainCallOfRequired?.outcome).toMatchObject({ status: 'tool-error' });
    expect(JSON.stringify(plainCallOfRequired?.outcome?.result)).toContain('-32601');
    const forcedTask = await runner.call(tool('plain_only'), {}, asTask(1000));
    expect(forcedTask).toMatchObject({ taskForced: true, task: { ttl: 1000 } });
    await waitFor(() => history.find(forcedTask!.id)?.outcome !== undefined, 'the forced call to end');
    // The server answered with a plain result; the page says it was not a task (the raw answer is in the trace).
    expect(history.find(forcedTask!.id)?.outcome).toMatchObject({
      status: 'protocol-error',
      error: { message: expect.stringContaining('did not answer with a task') },
    });
  });
});
