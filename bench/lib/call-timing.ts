import type { McpSession } from '#client/session/mcp-session.ts';

/** A small echo call, the unit of every latency figure. */
async function echo(session: McpSession): Promise<void> {
  const outcome = await session.callTool('echo', { text: 'ping' });
  if (outcome.status !== 'ok') throw new Error(`echo failed: ${JSON.stringify(outcome.error)}`);
}

/** Latencies in ms of `count` sequential echo calls. */
export async function sequentialLatencies(session: McpSession, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await echo(session);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Calls per second of `total` echo calls with `inFlight` of them outstanding at any time. */
export async function callsPerSecond(session: McpSession, total: number, inFlight: number): Promise<number> {
  let started = 0;
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (started < total) {
        started++;
        await echo(session);
      }
    }),
  );
  return total / ((performance.now() - begin) / 1000);
}

/**
 * Runs `measure` on `a` and `b` in alternating blocks, switching which goes first each time,
 * so that a burst of noise on the machine lands on both sides alike. Returns all samples of each.
 */
export async function alternate<T>(
  blocks: number,
  a: () => Promise<T[]>,
  b: () => Promise<T[]>,
): Promise<{ a: T[]; b: T[] }> {
  const result = { a: [] as T[], b: [] as T[] };
  for (let block = 0; block < blocks; block++) {
    if (block % 2 === 0) {
      result.a.push(...(await a()));
      result.b.push(...(await b()));
    } else {
      result.b.push(...(await b()));
      result.a.push(...(await a()));
    }
  }
  return result;
}

/** How much {@link sideBySide} measures. */
export interface SideBySidePlan {
  /** Sequential calls per latency block. */
  block: number;
  latencyBlocks: number;
  inFlight: number;
  throughputCalls: number;
  throughputRounds: number;
}

/**
 * Latency (sequential calls) and throughput (`inFlight` at a time) of two sessions measured in
 * alternating blocks after a warm-up of each. `callsPerSide` counts every call made on one side.
 */
export async function sideBySide(a: McpSession, b: McpSession, plan: SideBySidePlan) {
  const sequential = (session: McpSession) => () => sequentialLatencies(session, plan.block);
  const parallel = (session: McpSession) => async () => [
    await callsPerSecond(session, plan.throughputCalls, plan.inFlight),
  ];
  const warmUpBlocks = 4;
  const warmUpRounds = 2;
  await alternate(warmUpBlocks, sequential(a), sequential(b)); // JIT, sockets, server
  const latency = await alternate(plan.latencyBlocks, sequential(a), sequential(b));
  await alternate(warmUpRounds, parallel(a), parallel(b)); // warm-up at load
  const throughput = await alternate(plan.throughputRounds, parallel(a), parallel(b));
  const callsPerSide =
    (warmUpBlocks + plan.latencyBlocks) * plan.block +
    (warmUpRounds + plan.throughputRounds) * plan.throughputCalls;
  return { latency, throughput, callsPerSide };
}
