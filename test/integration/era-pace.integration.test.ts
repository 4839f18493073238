import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { ProbeWait } from '#client/era/era-probe-pace.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession } from '../support/node-session.ts';

// Auto against a stdio server that ignores requests it does not know decides
// in about a second (not the 10 s probe timeout), and a modern server that boots slowly is still
// found modern; the session says what it waits for meanwhile. Generous bounds: the bench measures.

let bridge: RunningBridge;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await bridge.close();
});

async function connectAuto(target: ServerTarget): Promise<{ session: McpSession; waits: ProbeWait[] }> {
  // Today's default probe timeout (10 s): the point is not to wait for it.
  const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
  sessions.push(session);
  const waits: ProbeWait[] = [];
  session.state.subscribe(() => {
    const wait = session.state.get().probeWait;
    if (wait !== waits.at(-1)) waits.push(wait);
  });
  await session.connect({ ...target, era: 'auto' });
  return { session, waits };
}

const spawns = (session: McpSession) =>
  session.state.get().log.filter(({ event }) => event.kind === 'spawned').length;

describe('Auto on stdio: the probe is paced by a ping', () => {
  it('a server that never answers server/discover but answers ping is legacy within seconds, one process', async () => {
    const { session, waits } = await connectAuto({
      ...fixtureCommand('legacy-probe-server'),
      args: ['--import', 'tsx', 'test/fixtures/legacy-probe-server.ts', 'silent'],
    });
    const state = session.state.get();
    expect(state.error).toBeUndefined();
    expect(state.server?.era).toBe('legacy');
    expect(spawns(session)).toBe(1);
    expect(state.eraProbe?.outcome).toContain('though the server answered ping');
    // The probe's own timeout is 10 s; the ping decides well before it.
    expect(state.eraProbe?.ms).toBeLessThan(8000);
    expect(waits).toContain('probe');
    expect(state.probeWait).toBeUndefined();
  });

  it('a server that answers neither server/discover nor ping is legacy within seconds too (tools/list decides)', async () => {
    const { session, waits } = await connectAuto({
      ...fixtureCommand('legacy-probe-server'),
      args: ['--import', 'tsx', 'test/fixtures/legacy-probe-server.ts', 'quiet'],
    });
    const state = session.state.get();
    expect(state.error).toBeUndefined();
    expect(state.server?.era).toBe('legacy');
    expect(spawns(session)).toBe(1);
    expect(state.eraProbe?.outcome).toContain('though the server answered tools/list');
    // The probe's own timeout is 10 s: the decision came from the answer, not from it.
    expect(state.eraProbe?.ms).toBeLessThan(8000);
    expect(waits).toContain('boot');
    expect(state.tools.map((tool) => tool.name)).toEqual(['echo']);
  });

  it('a modern server that boots slowly (2 s) is still found modern, with one process', async () => {
    const { session, waits } = await connectAuto({
      transport: 'stdio',
      command: '/bin/sh',
      args: [
        '-c',
        `sleep 2; exec "${process.execPath}" --import tsx test/fixtures/v2-stdio-server.ts modern`,
      ],
      cwd: fixtureCommand('v2-stdio-server').cwd,
    });
    const state = session.state.get();
    expect(state.error).toBeUndefined();
    expect(state.server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(spawns(session)).toBe(1);
    // While it booted, the session said it was waiting for the server to start.
    expect(waits).toContain('boot');
    // Auto's liveness tools/list was answered with the list: the session listed from that answer and
    // sent no tools/list of its own.
    const listsSent = session.trace
      .get()
      .frames.filter(
        (frame) =>
          frame.direction === 'out' && (frame.message as { method?: string })?.method === 'tools/list',
      );
    expect(listsSent.map((frame) => (frame.message as { id?: unknown }).id)).toEqual([
      'toolscope-liveness-list',
    ]);
    expect(state.tools.map((tool) => tool.name)).toContain('echo');
  });
});
