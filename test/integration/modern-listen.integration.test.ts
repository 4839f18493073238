import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { startDemoHttp, type DemoHttpServer } from '../../server/demo/demo-http.ts';
import { demoServerTarget } from '../../server/demo-target.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { ServerControls, LOG_LEVEL_META_KEY } from '../../web/src/features/server-log/server-controls.ts';

// 2026-07-28 through the page's session: subscriptions/listen for list changes (a change
// re-lists), the per-request log level in _meta, progress on the request's own stream.

let bridge: RunningBridge;
let demoHttp: DemoHttpServer;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
  demoHttp = await startDemoHttp({ port: 0, log: () => {} });
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await demoHttp.close();
  await bridge.close();
});

const targets = (): [string, () => ServerTarget][] => [
  ['stdio', () => demoServerTarget()],
  ['Streamable HTTP', () => ({ transport: 'http', url: demoHttp.url })],
];

async function connect(target: ServerTarget): Promise<{ session: McpSession; controls: ServerControls }> {
  const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
  sessions.push(session);
  const controls = new ServerControls();
  session.use(controls);
  await session.connect({ ...target, era: 'modern' });
  expect(session.state.get().server?.era).toBe('modern');
  return { session, controls };
}

const names = (session: McpSession) => session.state.get().tools.map((tool) => tool.name);

describe.each(targets())('the demo over %s in the modern era', (_label, target) => {
  it('opens subscriptions/listen for the declared list changes, and a list change re-lists', async () => {
    const { session } = await connect(target());
    await waitFor(() => session.state.get().listen?.status === 'open', 'the listen acknowledgement');
    const listen = session.state.get().listen!;
    expect(listen.requested).toMatchObject({ toolsListChanged: true });
    expect(listen.honoured).toMatchObject({ toolsListChanged: true });
    const had = names(session).includes('extra_tool');
    await session.callTool('toggle_extra_tool', {});
    await waitFor(() => names(session).includes('extra_tool') !== had, 'the tools to be listed again');
    await session.callTool('toggle_extra_tool', {}); // leave the demo as it was
    await waitFor(() => names(session).includes('extra_tool') === had, 'the tools to be listed back');
  });

  it('sends the chosen log level in each call’s _meta, and the server logs for that call', async () => {
    const { session, controls } = await connect(target());
    await controls.setLogLevel('debug');
    expect(controls.get().logLevelError).toBeUndefined();
    await session.callTool('log_message', { level: 'info', message: 'per request' });
    const frames = session.trace.get().frames;
    const call = frames.find(
      (f) =>
        f.direction === 'out' && (f.message as { params?: { name?: string } }).params?.name === 'log_message',
    );
    expect((call?.message as { params: { _meta: Record<string, unknown> } }).params._meta).toMatchObject({
      [LOG_LEVEL_META_KEY]: 'debug',
    });
    const logged = frames.some(
      (f) =>
        f.direction === 'in' &&
        (f.message as { method?: string }).method === 'notifications/message' &&
        JSON.stringify(f.message).includes('per request'),
    );
    expect(logged).toBe(true);
  });

  it('reports progress that arrives on the request’s own stream', async () => {
    const { session } = await connect(target());
    const progress: number[] = [];
    const outcome = await session.callTool(
      'slow_task',
      { steps: 3, delayMs: 10 },
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(outcome.status).toBe('ok');
    // The SDK runs notification handlers a tick after they arrive and drops a call's progress handler
    // when its result arrives, so on a loaded machine (frames read in one batch) only the first step
    // may reach the callback before the result: at least that one does, in order; the trace has all three.
    expect(progress[0]).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const notified = session.trace
      .get()
      .frames.filter((f) => (f.message as { method?: string }).method === 'notifications/progress');
    expect(notified).toHaveLength(3);
  });

  it('cancels by closing the request’s stream on HTTP, and with notifications/cancelled on stdio', async () => {
    const { session } = await connect(target());
    const abort = new AbortController();
    const outcome = await session.callTool(
      'slow_task',
      { steps: 50, delayMs: 200 },
      { signal: abort.signal, onprogress: () => abort.abort('Cancelled by the user') },
    );
    expect(outcome.status).toBe('cancelled');
    // The trace shows frames as the bridge stamped them: a later call's frames come after the cancel's.
    await session.callTool('ping_time', {});
    const cancels = session.trace
      .get()
      .frames.filter(
        (f) =>
          f.direction === 'out' && (f.message as { method?: string }).method === 'notifications/cancelled',
      );
    expect(cancels).toHaveLength(target().transport === 'stdio' ? 1 : 0);
  });
});
