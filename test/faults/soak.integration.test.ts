import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { waitFor } from '../support/node-session.ts';
import { processExists } from '../support/start-cli.ts';
import type { StdioUpstream } from '../../server/upstream/stdio-upstream.ts';
import { eventsOf, resilienceServer, startFaultHarness, textOf, type FaultHarness } from './fault-harness.ts';
import { seededRandom } from './seeded-random.ts';
import { planSoakSession, type SoakStep } from './soak-plan.ts';

const SESSIONS = 10;
const CALLS_PER_SESSION = 1000;
/** The whole soak stops here even if calls remain (and then fails): it must fit in CI. */
const SOAK_BUDGET_MS = 110_000;
/** No single call should come near this; hitting it means something hung. */
const CALL_TIMEOUT_MS = 15_000;
const GRACE_MS = 200;
const SEED = Number(process.env.SOAK_SEED ?? 20_240_601);

let harness: FaultHarness;
beforeAll(async () => {
  harness = await startFaultHarness({ graceMs: GRACE_MS });
});
afterAll(async () => {
  await harness.close();
});

/** Runs one session's plan; returns what went wrong, as readable lines. */
async function runSession(session: McpSession, steps: SoakStep[], deadline: number): Promise<string[]> {
  const failures: string[] = [];
  await session.connect(resilienceServer());
  for (const [index, step] of steps.entries()) {
    if (Date.now() > deadline) return [...failures, `out of time at call ${index}`];
    const fail = (what: string) => failures.push(`call ${index} (${step.kind}): ${what}`);
    const options = { timeoutMs: CALL_TIMEOUT_MS };
    if (step.kind === 'crash') {
      const outcome = await session.callTool('crash', { code: step.code }, options);
      const expected = `Bridge: Server exited with code ${step.code}`;
      if (outcome.error?.message !== expected) fail(JSON.stringify(outcome.error));
      await waitFor(() => session.state.get().status === 'disconnected', 'the crash to be noticed');
      await session.connect(resilienceServer());
      if (session.state.get().status !== 'connected') fail(`reconnect: ${session.state.get().error}`);
      continue;
    }
    const [tool, args, expected] =
      step.kind === 'echo'
        ? ['echo', { text: step.text }, step.text]
        : step.kind === 'slow'
          ? ['slow', { ms: step.ms }, `slept ${step.ms} ms`]
          : ['garbage', { kind: step.garbage }, 'after garbage'];
    const outcome = await session.callTool(tool, args, options);
    if (textOf(outcome.result) !== expected)
      fail(`${outcome.status} ${JSON.stringify(outcome.error ?? outcome.result)}`);
  }
  return failures;
}

/** The session's trace cut into its connections (each relay numbers its frames from 0). */
function connectionsOf(session: McpSession): Frame[][] {
  const connections: Frame[][] = [];
  for (const frame of session.trace.get().frames) {
    if (frame.bridgeSeq === 0 || !connections.length) connections.push([]);
    connections.at(-1)!.push(frame);
  }
  return connections;
}

function spawnedPids(session: McpSession): number[] {
  return eventsOf(session).flatMap((event) => (event.kind === 'spawned' ? [event.pid] : []));
}

/** Frames the bridge stamped for the connection to `pid`, if that page channel is still open. */
function bridgeFrameCount(pid: number): number | undefined {
  const channel = [...harness.bridge.channels.list()].find(
    (candidate) => (candidate.currentUpstream as StdioUpstream | undefined)?.pid === pid,
  );
  return channel?.currentRelay?.stamper.size;
}

describe('soak', () => {
  it(
    `${SESSIONS} sessions x ${CALLS_PER_SESSION} calls with random faults (seed ${SEED})`,
    async () => {
      const random = seededRandom(SEED);
      const plans = Array.from({ length: SESSIONS }, (_, s) =>
        planSoakSession(random, CALLS_PER_SESSION, `s${s}`),
      );
      const sessions = plans.map(() => harness.session());
      const rssBefore = process.memoryUsage().rss;
      const started = Date.now();

      const failures = (
        await Promise.all(plans.map((plan, s) => runSession(sessions[s]!, plan, started + SOAK_BUDGET_MS)))
      ).flat();
      const elapsed = Date.now() - started;
      expect(failures).toEqual([]);

      // Every frame the bridge stamped reached the page, in order, on every connection.
      let compared = 0;
      for (const session of sessions) {
        const connections = connectionsOf(session);
        const pids = spawnedPids(session);
        expect(connections.length).toBe(pids.length);
        for (const [k, frames] of connections.entries()) {
          expect(frames.map((frame) => frame.bridgeSeq)).toEqual(frames.map((_, index) => index));
          const stamped = bridgeFrameCount(pids[k]!);
          if (stamped === undefined) continue;
          await waitFor(() => connectionsOf(session)[k]!.length === stamped, 'the browser to catch up');
          compared++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(SESSIONS);

      // No server outlives its session.
      const pids = sessions.flatMap(spawnedPids);
      await Promise.all(sessions.map((session) => session.disconnect()));
      await waitFor(() => pids.every((pid) => !processExists(pid)), 'every server to exit', 15_000);

      // Pages that closed their sockets are dropped after the grace period; what stays open is a page's doing.
      await new Promise((resolve) => setTimeout(resolve, 3 * GRACE_MS));
      const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
      const crashes = plans.flat().filter((step) => step.kind === 'crash').length;
      console.log(
        `soak: ${SESSIONS * CALLS_PER_SESSION} calls, ${crashes} crashes, ${pids.length} servers started, ` +
          `${(elapsed / 1000).toFixed(1)} s, RSS growth ${rssGrowthMb.toFixed(0)} MB, ` +
          `page channels left open by their pages: ${harness.bridge.channels.size}`,
      );
      // Generous: the bridge and ten browsers' traces live in this process.
      expect(rssGrowthMb).toBeLessThan(512);
      // The page never closes the socket of a connection whose server crashed (BridgeTransport keeps
      // it open), so those channels stay until the page goes; every other channel is gone.
      expect(harness.bridge.channels.size).toBeLessThanOrEqual(crashes);
    },
    SOAK_BUDGET_MS + 30_000,
  );
});
