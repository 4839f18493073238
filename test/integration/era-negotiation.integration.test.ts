import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type CallToolResult, type ClientOptions } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { startV2HttpFixture } from '../fixtures/v2-fixture-server.ts';
import { BridgeClientTransport } from '../support/bridge-client-transport.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { projectPath } from '../support/start-cli.ts';

// The era decision itself is the page's, not the bridge's; these show the bridge carries each
// way of making it, with SDK v2's Client over the bridge as the page runs it.

let bridge: RunningBridge;
let dualHttp: Awaited<ReturnType<typeof startV2HttpFixture>>;
let modernHttp: Awaited<ReturnType<typeof startV2HttpFixture>>;
const transports: BridgeClientTransport[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
  dualHttp = await startV2HttpFixture();
  modernHttp = await startV2HttpFixture({ legacy: 'reject' });
});
afterAll(async () => {
  await Promise.all(transports.map((transport) => transport.close()));
  await Promise.all([dualHttp.close(), modernHttp.close()]);
  await bridge.close();
});

type Mode = 'auto' | 'legacy' | 'modern';
/**
 * The SDK's probe timeout is its request timeout (60 s) unless set. A short one makes a silent
 * server fall back quickly, but a server that boots slowly (tsx under load takes seconds) would
 * then be judged silent too: only the silent-server test shortens it.
 */
const negotiation = (mode: Mode, probeTimeoutMs?: number): ClientOptions['versionNegotiation'] =>
  mode === 'modern'
    ? { mode: { pin: '2026-07-28' } }
    : { mode, ...(probeTimeoutMs ? { probe: { timeoutMs: probeTimeoutMs, maxRetries: 0 } } : {}) };

async function connect(target: ServerTarget, mode: Mode, probeTimeoutMs?: number) {
  const transport = await BridgeClientTransport.open(bridge.port, bridge.token, target);
  transports.push(transport);
  const client = new Client(
    { name: 'toolscope-test', version: '0.0.0' },
    { versionNegotiation: negotiation(mode, probeTimeoutMs) },
  );
  await client.connect(transport);
  return { client, transport };
}

const v2Stdio = (kind: 'dual' | 'modern'): ServerTarget => ({
  ...fixtureCommand('v2-stdio-server'),
  args: ['--import', 'tsx', 'test/fixtures/v2-stdio-server.ts', kind],
});
const spawns = (transport: BridgeClientTransport) =>
  transport.events.filter((event) => event.kind === 'spawned').length;

async function listsAndCalls(client: Client) {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toContain('echo');
  const result = (await client.callTool({ name: 'echo', arguments: { text: 'hi' } })) as CallToolResult;
  expect(result.content).toEqual([{ type: 'text', text: 'hi' }]);
}

describe('a modern-only server (legacy: reject)', () => {
  it.each(['auto', 'modern'] as const)(
    'over stdio, %s connects in 2026-07-28 with one process, lists and calls',
    async (mode) => {
      const { client, transport } = await connect(v2Stdio('modern'), mode);
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(spawns(transport)).toBe(1);
      await listsAndCalls(client);
    },
  );

  it.each(['auto', 'modern'] as const)(
    'over Streamable HTTP, %s connects in 2026-07-28, lists and calls',
    async (mode) => {
      const { client } = await connect({ transport: 'http', url: modernHttp.url }, mode);
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      await listsAndCalls(client);
    },
  );

  it('refuses the 2025 handshake with its own -32022 over stdio and HTTP', async () => {
    for (const target of [v2Stdio('modern'), { transport: 'http' as const, url: modernHttp.url }]) {
      const failed = await connect(target, 'legacy').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed, target.transport).toMatchObject({ code: -32022 });
    }
  });
});

describe('a server of both eras', () => {
  it('negotiates 2026-07-28 under Auto and 2025-11-25 when asked for the legacy era', async () => {
    for (const target of [v2Stdio('dual'), { transport: 'http' as const, url: dualHttp.url }]) {
      const auto = await connect(target, 'auto');
      expect(auto.client.getProtocolEra(), target.transport).toBe('modern');
      await listsAndCalls(auto.client);
      const legacy = await connect(target, 'legacy');
      expect(legacy.client.getNegotiatedProtocolVersion(), target.transport).toBe('2025-11-25');
      await listsAndCalls(legacy.client);
    }
  });

  it('sends MCP-Protocol-Version on 2025-era HTTP requests once the page says which version it negotiated', async () => {
    const { client, transport } = await connect({ transport: 'http', url: dualHttp.url }, 'legacy');
    await client.listTools();
    const sent = transport.frames.filter((frame) => frame.direction === 'out' && frame.http?.request);
    const versions = sent.map((frame) => [
      (frame.message as { method?: string }).method,
      frame.http?.request?.headers['mcp-protocol-version'],
    ]);
    expect(versions[0]).toEqual(['initialize', undefined]);
    expect(versions.slice(1)).toContainEqual(['tools/list', '2025-11-25']);
  });
});

describe('legacy-only servers under Auto', () => {
  it('server-everything: the probe fails, 2025-11-25 follows on the same process', async () => {
    const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    const { client, transport } = await connect(
      { transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
      'auto',
    );
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect(spawns(transport)).toBe(1);
    const probe = transport.frames.find(
      (frame) => (frame.message as { method?: string }).method === 'server/discover',
    );
    expect(probe?.direction).toBe('out');
  });

  it('a silent server: the probe times out and the handshake follows on the same process', async () => {
    const { client, transport } = await connect(
      {
        ...fixtureCommand('legacy-probe-server'),
        args: ['--import', 'tsx', 'test/fixtures/legacy-probe-server.ts', 'silent'],
      },
      'auto',
      1500,
    );
    expect(client.getProtocolEra()).toBe('legacy');
    expect(spawns(transport)).toBe(1);
    await listsAndCalls(client);
  });

  it('a server that exits on the probe: Auto fails with the exit reported; a second start in the legacy era works', async () => {
    const target: ServerTarget = {
      ...fixtureCommand('legacy-probe-server'),
      args: ['--import', 'tsx', 'test/fixtures/legacy-probe-server.ts', 'exit'],
    };
    const failed = await connect(target, 'auto').then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    // The probe is answered by the bridge (the server is gone), the SDK falls back to initialize on
    // a closed connection: the page has to see the exit and start the server again itself.
    expect(failed?.message).toMatch(/Server exited with code 3/);
    const first = transports.at(-1)!;
    expect(first.events).toContainEqual(expect.objectContaining({ kind: 'exited', code: 3 }));
    const probeAnswer = first.frames.find((frame) => frame.direction === 'in' && frame.synthetic);
    expect(probeAnswer?.message).toMatchObject({
      error: { code: -32099, message: 'Bridge: Server exited with code 3' },
    });
    const again = await connect(target, 'legacy');
    expect(again.client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    await listsAndCalls(again.client);
  });
});
