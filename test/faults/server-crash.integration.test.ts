import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_ERROR_CODE } from '#shared/bridge-protocol.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { waitFor } from '../support/node-session.ts';
import { processExists } from '../support/start-cli.ts';
import { eventsOf, resilienceServer, startFaultHarness, type FaultHarness } from './fault-harness.ts';

/** Far longer than any answer takes here: a call that hits it was left hanging. */
const HANG_TIMEOUT_MS = 30_000;

let harness: FaultHarness;
beforeAll(async () => {
  harness = await startFaultHarness();
});
afterAll(async () => {
  await harness.close();
});

function spawnedPids(session: McpSession): number[] {
  return eventsOf(session).flatMap((event) => (event.kind === 'spawned' ? [event.pid] : []));
}

function exitedAt(session: McpSession): number {
  const entry = session.state.get().log.find((e) => e.event.kind === 'exited');
  if (!entry) throw new Error('no exited event');
  return entry.time;
}

describe('the server crashes', () => {
  it('mid-call with other calls in flight: every call fails within a second, with the exit code', async () => {
    const session = harness.session();
    await session.connect(resilienceServer());
    const calls = [
      session.callTool('slow', { ms: 60_000 }, { timeoutMs: HANG_TIMEOUT_MS }),
      session.callTool('hang', {}, { timeoutMs: HANG_TIMEOUT_MS }),
      session.callTool('crash', { code: 5 }, { timeoutMs: HANG_TIMEOUT_MS }),
    ];
    const outcomes = await Promise.all(calls);
    const failedAt = Date.now();
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('protocol-error');
      expect(outcome.error).toMatchObject({
        code: RELAY_ERROR_CODE,
        message: 'Bridge: Server exited with code 5',
      });
    }
    // Bound on how long the bridge took to notice, not on the machine's speed: usually a few ms.
    expect(failedAt - exitedAt(session)).toBeLessThan(1000);
    await waitFor(() => session.state.get().status === 'disconnected', 'the session to notice');
    expect(session.state.get().error).toBe('Server exited with code 5');
  });

  it('killed by a signal: the call fails naming the signal', async () => {
    const session = harness.session();
    await session.connect(resilienceServer());
    const outcome = await session.callTool('crash', { signal: 'SIGKILL' }, { timeoutMs: HANG_TIMEOUT_MS });
    expect(outcome.error?.message).toBe('Bridge: Server was killed by SIGKILL');
    expect(eventsOf(session)).toContainEqual({ kind: 'exited', code: null, signal: 'SIGKILL' });
  });

  it('before answering initialize: connecting fails with the exit code and its stderr is kept', async () => {
    const session = harness.session();
    await session.connect(resilienceServer('--exit-at-start', '7'));
    expect(session.state.get().status).toBe('disconnected');
    expect(session.state.get().error).toContain('Server exited with code 7');
    await waitFor(
      () => eventsOf(session).some((event) => event.kind === 'stderr' && event.line === 'refusing to start'),
      'the stderr line',
    );
  });

  it('then a reconnect starts a fresh server, keeps the whole trace, and the old process is gone', async () => {
    const session = harness.session();
    await session.connect(resilienceServer());
    await session.callTool('crash', { code: 1 }, { timeoutMs: HANG_TIMEOUT_MS });
    await waitFor(() => session.state.get().status === 'disconnected', 'the session to notice');
    const before = session.trace.get().frames.length;
    await session.connect(resilienceServer());
    expect(session.state.get().status).toBe('connected');
    expect((await session.callTool('echo', { text: 'back' })).status).toBe('ok');
    const [first, second] = spawnedPids(session);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(processExists(first!)).toBe(false);
    const frames = session.trace.get().frames;
    expect(frames.length).toBeGreaterThan(before + 4);
    // The trace numbers frames on across connections; the new relay numbered its own from 0.
    expect(frames[before]).toMatchObject({ seq: before, bridgeSeq: 0 });
  });
});
