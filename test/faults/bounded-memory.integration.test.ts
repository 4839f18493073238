import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMb } from '../support/process-memory.ts';
import { FULL_PLAN, measureRelayMemory } from '../support/relay-memory.ts';
import { startCli, type CliProcess } from '../support/start-cli.ts';

/**
 * Generous on purpose: a quiet run grows by a few tens of MB (buffers, the heap settling), while a
 * bridge that kept its frames grew by more than the 1 GiB it relayed.
 */
const MAX_GROWTH_BYTES = 256 * 2 ** 20;

let cli: CliProcess;
beforeAll(async () => {
  cli = await startCli(['--no-record']);
});
afterAll(async () => {
  await cli.stop();
});

describe('a long, busy connection', () => {
  it('leaves the bridge RSS flat over 100,000 frames and 1 GiB relayed', { timeout: 240_000 }, async () => {
    const run = await measureRelayMemory(cli, FULL_PLAN);
    const report = `warm ${formatMb(run.warmRss)}, after frames ${formatMb(run.frames.peakRss)}, after bytes ${formatMb(run.bulk.peakRss)}`;
    expect(run.frames.count, report).toBeGreaterThanOrEqual(FULL_PLAN.frames);
    expect(run.bulk.bytes, report).toBeGreaterThanOrEqual(FULL_PLAN.bytes);
    expect(run.frames.peakRss - run.warmRss, report).toBeLessThan(MAX_GROWTH_BYTES);
    expect(run.bulk.peakRss - run.warmRss, report).toBeLessThan(MAX_GROWTH_BYTES);
  });
});
