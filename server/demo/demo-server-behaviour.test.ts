import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoggingMessageNotification, Progress } from '@modelcontextprotocol/client';
import { connectDemoClient, type DemoConnection } from '../../test/support/demo-test-client.ts';

let demo: DemoConnection;
beforeEach(async () => {
  demo = await connectDemoClient();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await demo.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('demo server: slow_task', () => {
  it('reports progress for each step when a progress token is sent', async () => {
    const progress: Progress[] = [];
    const result = await demo.client.callTool(
      { name: 'slow_task', arguments: { steps: 3, delayMs: 10 } },
      { onprogress: (update) => progress.push(update) },
    );
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'Step 1 of 3' },
      { progress: 2, total: 3, message: 'Step 2 of 3' },
      { progress: 3, total: 3, message: 'Step 3 of 3' },
    ]);
    expect(result.content).toEqual([{ type: 'text', text: 'Finished 3 steps of 10 ms.' }]);
  });

  it('sends no progress notifications without a progress token', async () => {
    await demo.client.callTool({ name: 'slow_task', arguments: { steps: 2, delayMs: 10 } });
    expect(
      demo.sentByServer.some((message) => 'method' in message && message.method === 'notifications/progress'),
    ).toBe(false);
  });

  // The loop's own early exit is covered in tools/run-steps.test.ts; this checks the wire.
  it('sends neither progress nor a result once cancelled', async () => {
    const controller = new AbortController();
    const call = demo.client.callTool(
      { name: 'slow_task', arguments: { steps: 20, delayMs: 20 } },
      { signal: controller.signal, onprogress: () => controller.abort('test cancelled') },
    );
    await expect(call).rejects.toBeDefined();
    await sleep(150); // long enough for several more steps, had the server kept going
    const progressCount = demo.sentByServer.filter(
      (message) => 'method' in message && message.method === 'notifications/progress',
    ).length;
    expect(progressCount).toBe(1);
    expect(demo.sentByServer.some((message) => 'result' in message && 'content' in message.result)).toBe(
      false,
    );
  });
});

describe('demo server: log_message', () => {
  it('sends a logging notification and writes to stderr', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const received: LoggingMessageNotification['params'][] = [];
    demo.client.setNotificationHandler('notifications/message', (notification) => {
      received.push(notification.params);
    });
    await demo.client.callTool({ name: 'log_message', arguments: { level: 'warning', message: 'careful' } });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ level: 'warning', data: 'careful', logger: 'toolscope-demo' });
    expect(stderr).toHaveBeenCalledWith('[toolscope-demo] warning: careful');
  });

  it('respects the level set with logging/setLevel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await demo.client.setLoggingLevel('error');
    await demo.client.callTool({ name: 'log_message', arguments: { level: 'info' } });
    expect(
      demo.sentByServer.some((message) => 'method' in message && message.method === 'notifications/message'),
    ).toBe(false);
  });
});

describe('demo server: toggle_extra_tool', () => {
  it('adds and removes extra_tool, announcing each change', async () => {
    let listChanges = 0;
    demo.client.setNotificationHandler('notifications/tools/list_changed', () => {
      listChanges++;
    });
    const toolNames = async () => (await demo.client.listTools()).tools.map((tool) => tool.name);
    expect(await toolNames()).not.toContain('extra_tool');

    await demo.client.callTool({ name: 'toggle_extra_tool', arguments: {} });
    await vi.waitFor(() => expect(listChanges).toBe(1));
    expect(await toolNames()).toContain('extra_tool');
    const extra = await demo.client.callTool({ name: 'extra_tool', arguments: {} });
    expect(extra.content).toEqual([{ type: 'text', text: expect.stringContaining('extra tool') }]);

    await demo.client.callTool({ name: 'toggle_extra_tool', arguments: { action: 'add' } }); // already there: no-op
    await demo.client.callTool({ name: 'toggle_extra_tool', arguments: { action: 'remove' } });
    await vi.waitFor(() => expect(listChanges).toBe(2));
    expect(await toolNames()).not.toContain('extra_tool');
  });
});
