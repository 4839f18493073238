import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { startV2HttpFixture } from '../fixtures/v2-fixture-server.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession } from '../support/node-session.ts';
import { projectPath } from '../support/start-cli.ts';

// The protocol era's contract (DESIGN.md §2), checked with the headless client (client/) through the bridge:
// the era of a target decides how the session connects, and the page learns what was negotiated.

let bridge: RunningBridge;
let modernHttp: Awaited<ReturnType<typeof startV2HttpFixture>>;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
  modernHttp = await startV2HttpFixture({ legacy: 'reject' });
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await modernHttp.close();
  await bridge.close();
});

async function connect(
  target: ServerTarget,
  era: ProtocolEraChoice,
  stdioProbeTimeoutMs?: number,
): Promise<McpSession> {
  const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token, {
    stdioProbeTimeoutMs,
  });
  sessions.push(session);
  await session.connect({ ...target, era });
  return session;
}

const spawns = (session: McpSession) =>
  session.state.get().log.filter(({ event }) => event.kind === 'spawned').length;

const modernStdio: ServerTarget = {
  ...fixtureCommand('v2-stdio-server'),
  args: ['--import', 'tsx', 'test/fixtures/v2-stdio-server.ts', 'modern'],
};
const modernHttpTarget = (): ServerTarget => ({ transport: 'http', url: modernHttp.url });
const legacyProbeServer = (mode: 'exit' | 'silent'): ServerTarget => ({
  ...fixtureCommand('legacy-probe-server'),
  args: ['--import', 'tsx', 'test/fixtures/legacy-probe-server.ts', mode],
});

async function listsAndCalls(session: McpSession): Promise<void> {
  expect(session.state.get().tools.map((tool) => tool.name)).toContain('echo');
  const outcome = await session.callTool('echo', { text: 'hi' });
  expect(outcome).toMatchObject({ status: 'ok', result: { content: [{ type: 'text', text: 'hi' }] } });
}

describe('a modern-only server (legacy: reject), through the page session', () => {
  it.each(['auto', 'modern'] as const)(
    'over stdio, %s connects in 2026-07-28 with one process',
    async (era) => {
      const session = await connect(modernStdio, era);
      const state = session.state.get();
      expect(state.error).toBeUndefined();
      expect(state.server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
      expect(state.server?.discover?.supportedVersions).toContain('2026-07-28');
      expect(spawns(session)).toBe(1);
      await listsAndCalls(session);
      if (era === 'auto') expect(state.eraProbe?.outcome).toMatch(/server\/discover answered: modern/);
      else expect(state.eraProbe).toBeUndefined();
    },
  );

  it.each(['auto', 'modern'] as const)('over Streamable HTTP, %s connects in 2026-07-28', async (era) => {
    const session = await connect(modernHttpTarget(), era);
    expect(session.state.get().error).toBeUndefined();
    expect(session.state.get().server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    await listsAndCalls(session);
  });

  it('refuses the legacy era with its own -32022, which the page shows', async () => {
    const session = await connect(modernHttpTarget(), 'legacy');
    expect(session.state.get().status).toBe('disconnected');
    expect(session.state.get().error).toMatch(/2025-11-25|protocol version/i);
  });
});

it('a modern server slower to boot than the probe timeout is started once more in the modern era', async () => {
  // 50 ms is far less than the fixture's boot (tsx): the probe times out (and is cancelled),
  // initialize follows, and the server refuses it with -32022.
  const session = await connect(modernStdio, 'auto', 50);
  const state = session.state.get();
  expect(state.error).toBeUndefined();
  expect(state.server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
  expect(state.eraProbe).toMatchObject({
    restarted: true,
    outcome: expect.stringMatching(/refused initialize as a modern one/),
  });
  expect(spawns(session)).toBe(2);
  await listsAndCalls(session);
});

describe('legacy-only servers under Auto, through the page session', () => {
  it('server-everything connects with 2025-11-25 on one process, the probe refused', async () => {
    const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    const session = await connect(
      { transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
      'auto',
    );
    const state = session.state.get();
    expect(state.server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(spawns(session)).toBe(1);
    expect(state.eraProbe?.outcome).toMatch(/refused \(-32601/);
    expect(state.eraProbe?.ms).toBeGreaterThanOrEqual(0);
  });

  it('a silent server falls back to the handshake on the same process after the probe times out', async () => {
    const session = await connect(legacyProbeServer('silent'), 'auto', 2000);
    const state = session.state.get();
    expect(state.server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(spawns(session)).toBe(1);
    expect(state.eraProbe?.outcome).toMatch(/no answer to server\/discover/);
    await listsAndCalls(session);
  });

  it('a server that exits on the probe is started once more in legacy mode, and the page says so', async () => {
    const session = await connect(legacyProbeServer('exit'), 'auto');
    const state = session.state.get();
    expect(state.error).toBeUndefined();
    expect(state.server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(spawns(session)).toBe(2);
    expect(state.eraProbe).toMatchObject({ restarted: true, outcome: expect.stringMatching(/exited/) });
    await listsAndCalls(session);
  });
});
