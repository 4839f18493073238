import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { McpSession } from '#client/session/mcp-session.ts';
import { EraMemory } from '#client/era/era-memory.ts';
import { BridgeSocket, bridgeSocketUrl } from '#client/transport/bridge-socket.ts';
import { BridgeTransport } from '#client/transport/bridge-transport.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import '../support/node-session.ts';
import { projectPath } from '../support/start-cli.ts';

// Auto remembers its verdict per target: the next connect uses it without probing (one process),
// and a remembered era that the server refuses is probed again once and remembered anew.

let bridge: RunningBridge;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await bridge.close();
});

function sessionWith(memory: EraMemory): McpSession {
  const url = new URL(`http://127.0.0.1:${bridge.port}`);
  const session = new McpSession({
    createTransport: (target) =>
      new BridgeTransport(new BridgeSocket(bridgeSocketUrl(url, bridge.token)), target),
    eraMemory: memory,
  });
  sessions.push(session);
  return session;
}

const spawns = (session: McpSession) =>
  session.state.get().log.filter(({ event }) => event.kind === 'spawned').length;
const probes = (session: McpSession) =>
  session.trace
    .get()
    .frames.filter(
      (f) => f.direction === 'out' && (f.message as { method?: string })?.method === 'server/discover',
    ).length;

const everything: ServerTarget = {
  transport: 'stdio',
  command: process.execPath,
  args: [projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
  era: 'auto',
};
const modernOnly: ServerTarget = {
  ...fixtureCommand('v2-stdio-server'),
  args: ['--import', 'tsx', 'test/fixtures/v2-stdio-server.ts', 'modern'],
  era: 'auto',
};

describe('the remembered era verdict', () => {
  it('a legacy-only server is probed once; the next connect goes straight to initialize on one process', async () => {
    const memory = new EraMemory(null);
    const session = sessionWith(memory);
    await session.connect(everything);
    expect(session.state.get().eraProbe).toMatchObject({ source: 'probed' });
    expect(memory.get(everything)).toMatchObject({ era: 'legacy', revision: '2025-11-25' });
    expect(probes(session)).toBe(1);

    await session.disconnect();
    session.trace.clear();
    session.state.update({ log: [] });
    await session.connect(everything);
    const state = session.state.get();
    expect(state.server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(state.eraProbe).toMatchObject({
      source: 'remembered',
      outcome: expect.stringMatching(/remembered legacy era/),
    });
    expect(probes(session)).toBe(0);
    expect(spawns(session)).toBe(1);

    session.forgetEra();
    expect(memory.get(everything)).toBeUndefined();
    expect(session.state.get().eraProbe?.forgotten).toBe(true);
  });

  it('a remembered era the server now refuses (-32022) is probed again once, and remembered anew', async () => {
    const memory = new EraMemory(null);
    memory.remember(modernOnly, 'legacy', '2025-11-25');
    const session = sessionWith(memory);
    await session.connect(modernOnly);
    const state = session.state.get();
    expect(state.error).toBeUndefined();
    expect(state.server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(state.eraProbe).toMatchObject({
      source: 'probed',
      outcome: expect.stringMatching(/the remembered era failed, probed again/),
    });
    expect(memory.get(modernOnly)).toMatchObject({ era: 'modern', revision: '2026-07-28' });
  });
});
