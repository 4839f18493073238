import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../../server/bridge.ts';
import { demoServerTarget } from '../../server/demo-target.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { ApprovalPolicy } from '../../web/src/calls/approval-policy.ts';
import { CallHistory } from '../../web/src/calls/call-history.ts';
import { CallRunner } from '../../web/src/calls/call-runner.ts';
import { TaskTracker, taskStatusExtension } from '../../web/src/calls/task-tracker.ts';
import type { InputRequest } from '#client/tasks/task-extension.ts';

// The 2026-07-28 tasks extension through the page's own code: the demo's long_job answers
// resultType "task", the tracker polls tasks/get, gives the name with tasks/update, and cancels.

let bridge: RunningBridge;
let session: McpSession;
let history: CallHistory;
let tasks: TaskTracker;
let runner: CallRunner;
const asked: Record<string, InputRequest>[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
  session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
  history = new CallHistory();
  const policy = new ApprovalPolicy();
  tasks = new TaskTracker(session, history, policy);
  session.use({
    attach: () => {},
    answerInputRequests: async (requests) => {
      asked.push(requests);
      return { name: { action: 'accept', content: { name: 'Grace' } } };
    },
  });
  runner = new CallRunner(session, history, policy, tasks);
  session.use(taskStatusExtension(tasks));
  await session.connect({ ...demoServerTarget(), era: 'modern' });
  policy.alwaysAllow(runner.serverLabel(), 'long_job');
});

afterAll(async () => {
  await session.disconnect();
  await bridge.close();
});

const longJob = () => {
  const found = session.state.get().tools.find((t) => t.name === 'long_job');
  if (!found) throw new Error('no long_job');
  return found;
};
const sent = (method: string) =>
  session.trace
    .get()
    .frames.filter((f) => f.direction === 'out' && (f.message as { method?: string })?.method === method);

describe('the tasks extension (2026-07-28) against the demo server', () => {
  it('polls tasks/get at the server interval, gives input with tasks/update, and ends with the inline result', async () => {
    expect(session.state.get().server?.era).toBe('modern');
    const record = await runner.call(longJob(), { steps: 2, stepMs: 20 });
    expect(record?.outcome).toBeUndefined();
    expect(record?.createdTask?.taskId).toBeTruthy();
    const tracked = () => tasks.get().tasks.find((t) => t.callId === record?.id);
    expect(tracked()).toMatchObject({ modern: true, info: { pollInterval: 200 } });
    await waitFor(() => history.find(record!.id)?.outcome !== undefined, 'the task result', 20_000);
    expect(history.find(record!.id)?.outcome).toMatchObject({
      status: 'ok',
      result: { content: [{ type: 'text', text: expect.stringContaining('Hello Grace') }] },
    });
    expect(tracked()?.info.status).toBe('completed');
    expect(asked[0]?.name?.method).toBe('elicitation/create');
    expect(sent('tasks/update').length).toBe(1);
    expect(sent('tasks/get').length).toBeGreaterThanOrEqual(2);
    // The trace keeps the wire's own copy of the task result.
    const taskFrame = session.trace
      .get()
      .frames.find((f) => (f.message as { result?: { resultType?: string } })?.result?.resultType === 'task');
    expect(taskFrame).toBeDefined();
  });

  it('cancels a task with tasks/cancel', async () => {
    const record = await runner.call(longJob(), { steps: 20, stepMs: 5000 });
    const taskId = record!.createdTask!.taskId;
    await tasks.cancel(taskId);
    await waitFor(() => history.find(record!.id)?.outcome !== undefined, 'the cancelled task', 20_000);
    expect(history.find(record!.id)?.outcome?.status).toBe('cancelled');
    expect(sent('tasks/cancel').length).toBe(1);
  });
});
