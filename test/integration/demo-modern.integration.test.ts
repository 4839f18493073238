import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  type CallToolResult,
  type ClientOptions,
  type JSONRPCMessage,
} from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { startDemoHttp, type DemoHttpServer } from '../../server/demo/demo-http.ts';
import { demoServerTarget } from '../../server/demo-target.ts';
import { BridgeClientTransport } from '../support/bridge-client-transport.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { modern } from '../support/modern-envelope.ts';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

let bridge: RunningBridge;
let demoHttp: DemoHttpServer;
const transports: BridgeClientTransport[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
  demoHttp = await startDemoHttp({ port: 0, log: () => {} });
});
afterAll(async () => {
  await Promise.all(transports.map((transport) => transport.close()));
  await demoHttp.close();
  await bridge.close();
});

/** The demo's targets; the HTTP one exists once beforeAll has started it. */
const targets = (): [string, () => ServerTarget][] => [
  ['stdio', () => demoServerTarget()],
  ['Streamable HTTP', () => ({ transport: 'http', url: demoHttp.url })],
];

async function open(target: ServerTarget): Promise<BridgeClientTransport> {
  const transport = await BridgeClientTransport.open(bridge.port, bridge.token, target);
  transports.push(transport);
  return transport;
}

/** A v2 client answering elicitation, sampling and roots, in `era`. */
async function connect(target: ServerTarget, era: 'modern' | 'legacy', options: ClientOptions = {}) {
  const transport = await open(target);
  const client = new Client(
    { name: 'toolscope-test', version: '0.0.0' },
    {
      capabilities: { elicitation: { form: {} }, sampling: {}, roots: {} },
      versionNegotiation: era === 'modern' ? { mode: { pin: '2026-07-28' } } : { mode: 'legacy' },
      ...options,
    },
  );
  client.setRequestHandler('elicitation/create', () => ({
    action: 'accept',
    content: { confirm: true, name: 'Ada' },
  }));
  client.setRequestHandler('sampling/createMessage', () => ({
    role: 'assistant',
    model: 'test-model',
    content: { type: 'text', text: 'three words here' },
  }));
  client.setRequestHandler('roots/list', () => ({ roots: [{ uri: 'file:///work' }] }));
  await client.connect(transport);
  return { client, transport };
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;
const methodOf = (frame: Frame) => (frame.message as { method?: string } | undefined)?.method;
const toolCalls = (transport: BridgeClientTransport, name: string) =>
  transport.frames.filter(
    (frame) =>
      frame.direction === 'out' && (frame.message as { params?: { name?: string } }).params?.name === name,
  );

describe.each(targets())('the demo server over %s, 2026-07-28', (_label, target) => {
  it('answers lists with cache hints and results with resultType and its identity', async () => {
    const transport = await open(target());
    await transport.start();
    const discover = await transport.request('server/discover', modern());
    expect(discover).toMatchObject({
      result: {
        supportedVersions: ['2026-07-28'],
        capabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
        ttlMs: 300_000,
        cacheScope: 'public',
      },
    });
    const list = await transport.request('tools/list', modern());
    expect(list).toMatchObject({
      result: {
        resultType: 'complete',
        ttlMs: 60_000,
        cacheScope: 'public',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'toolscope-demo' } },
      },
    });
    const hints = await transport.request('tools/call', modern({ name: 'cache_hints', arguments: {} }));
    expect(hints).toMatchObject({ result: { structuredContent: { era: '2026-07-28' } } });
    const clock = await transport.request('resources/read', modern({ uri: 'demo://data/server-time' }));
    expect(clock).toMatchObject({ result: { ttlMs: 10_000, cacheScope: 'private' } });
  });

  it('mirrors regional_echo’s arguments into Mcp-Param-* headers where HTTP carries them', async () => {
    const { client, transport } = await connect(target(), 'modern');
    await client.listTools();
    const result = await client.callTool({
      name: 'regional_echo',
      arguments: { region: 'Zürich', dryRun: true },
    });
    expect(text(result)).toBe('[Zürich] (dry run) Hello');
    const [call] = toolCalls(transport, 'regional_echo');
    if (target().transport === 'http')
      expect(call?.http?.request?.decoded).toEqual({ 'mcp-param-region': 'Zürich' });
    if (target().transport === 'http') expect(call?.http?.request?.headers['mcp-param-dry-run']).toBe('true');
  });

  it('confirm_deploy answers input_required, and the retry carries the answer and requestState', async () => {
    const { client, transport } = await connect(target(), 'modern');
    const result = await client.callTool({
      name: 'confirm_deploy',
      arguments: { environment: 'production' },
    });
    expect(text(result)).toBe('Pretended to deploy 1.2.3 to production (state deploy:production:1.2.3).');
    const calls = toolCalls(transport, 'confirm_deploy');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.message).toMatchObject({
      params: { inputResponses: { confirm: { action: 'accept' } }, requestState: 'deploy:production:1.2.3' },
    });
    const first = transport
      .framesOf((calls[0]?.message as { id: number }).id)
      .find((f) => f.direction === 'in');
    expect(first?.message).toMatchObject({ result: { resultType: 'input_required' } });
    expect(
      transport.frames.some((frame) => frame.direction === 'in' && methodOf(frame) === 'elicitation/create'),
    ).toBe(false);
  });

  it('ask_the_client asks for sampling and roots in one round', async () => {
    const { client } = await connect(target(), 'modern');
    const result = await client.callTool({ name: 'ask_the_client', arguments: {} });
    expect(text(result)).toBe('The model (test-model) said: three words here\nRoots: file:///work');
  });

  it('long_job runs as a task: polled, given input with tasks/update, and cancelled with tasks/cancel', async () => {
    const transport = await open(target());
    await transport.start();
    const refused = await transport.request('tools/call', modern({ name: 'long_job', arguments: {} }));
    expect(refused).toMatchObject({
      error: {
        code: -32021,
        data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
      },
    });

    const created = await transport.request(
      'tools/call',
      modern({ name: 'long_job', arguments: { steps: 2, stepMs: 20 } }, TASKS),
    );
    expect(created).toMatchObject({ result: { resultType: 'task', status: 'working', pollIntervalMs: 200 } });
    const taskId = (created as unknown as { result: { taskId: string } }).result.taskId;
    const asking = await poll(transport, taskId, 'input_required');
    expect(asking).toMatchObject({ inputRequests: { name: { method: 'elicitation/create' } } });
    const updated = await transport.request(
      'tasks/update',
      modern({ taskId, inputResponses: { name: { action: 'accept', content: { name: 'Grace' } } } }, TASKS),
    );
    expect(updated).toMatchObject({ result: { resultType: 'complete' } });
    const done = await poll(transport, taskId, 'completed');
    expect(done).toMatchObject({
      result: { content: [{ type: 'text', text: 'Hello Grace: finished 2 steps of 20 ms as a task.' }] },
    });

    const long = await transport.request(
      'tools/call',
      modern({ name: 'long_job', arguments: { steps: 20, stepMs: 1000 } }, TASKS),
    );
    const longId = (long as unknown as { result: { taskId: string } }).result.taskId;
    expect(await transport.request('tasks/cancel', modern({ taskId: longId }, TASKS))).toMatchObject({
      result: {},
    });
    expect(await poll(transport, longId, 'cancelled')).toMatchObject({ status: 'cancelled' });
    expect(await transport.request('tasks/get', modern({ taskId: 'nope' }, TASKS))).toMatchObject({
      error: { code: -32602 },
    });
  });

  it('announces a changed tool list on a subscriptions/listen stream', async () => {
    const { client, transport } = await connect(target(), 'modern');
    const subscription = await client.listen({ toolsListChanged: true });
    expect(subscription.honoredFilter).toMatchObject({ toolsListChanged: true });
    await client.callTool({ name: 'toggle_extra_tool', arguments: { action: 'add' } });
    await transport.waitForFrame(
      (frame) => methodOf(frame) === 'notifications/tools/list_changed',
      'list_changed',
    );
    expect((await client.listTools({}, { cacheMode: 'bypass' })).tools.map((tool) => tool.name)).toContain(
      'extra_tool',
    );
    await client.callTool({ name: 'toggle_extra_tool', arguments: { action: 'remove' } });
    await subscription.close();
  });
});

describe.each(targets())('the demo server over %s, 2025 era', (_label, target) => {
  it('keeps its tools: confirm_deploy sends a real elicitation request, long_job runs in the call', async () => {
    const { client, transport } = await connect(target(), 'legacy');
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    const deployed = await client.callTool({ name: 'confirm_deploy', arguments: {} });
    expect(text(deployed)).toBe('Pretended to deploy 1.2.3 to staging (state deploy:staging:1.2.3).');
    expect(
      transport.frames.some((frame) => frame.direction === 'in' && methodOf(frame) === 'elicitation/create'),
    ).toBe(true);
    const job = await client.callTool({ name: 'long_job', arguments: { steps: 2, stepMs: 10 } });
    expect(text(job)).toBe('Hello Ada: finished 2 steps of 10 ms.');
    expect(text(await client.callTool({ name: 'regional_echo', arguments: { region: 'eu' } }))).toBe(
      '[eu] Hello',
    );
  });

  it('announces a toggled tool with notifications/tools/list_changed', async () => {
    const streams = demoHttp.getStreams;
    const { client, transport } = await connect(target(), 'legacy');
    // Over HTTP the notification travels on the session's GET stream, which opens after the handshake.
    if (target().transport === 'http')
      await transport.waitFor(() => (demoHttp.getStreams > streams ? true : undefined), 'the GET stream');
    await client.callTool({ name: 'toggle_extra_tool', arguments: { action: 'add' } });
    await transport.waitForFrame(
      (frame) => methodOf(frame) === 'notifications/tools/list_changed',
      'list_changed',
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('extra_tool');
    await client.callTool({ name: 'toggle_extra_tool', arguments: { action: 'remove' } });
  });
});

/** Polls tasks/get at the server's interval until the task has `status` (at most 100 polls). */
async function poll(transport: BridgeClientTransport, taskId: string, status: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = (await transport.request('tasks/get', modern({ taskId }, TASKS))) as JSONRPCMessage & {
      result?: { status?: string; pollIntervalMs?: number };
    };
    if (answer.result?.status === status) return answer.result;
    await new Promise((resolve) => setTimeout(resolve, answer.result?.pollIntervalMs ?? 200));
  }
  throw new Error(`Task ${taskId} never reached ${status}`);
}
