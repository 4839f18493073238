import { formatMb } from '../../test/support/process-memory.ts';
import { FULL_PLAN, measureRelayMemory } from '../../test/support/relay-memory.ts';
import { startCli } from '../../test/support/start-cli.ts';
import type { CleanupStack } from '../lib/cleanup.ts';
import { row, type BenchRow } from '../lib/report.ts';

/** The bridge holds no frame after relaying it: growth over the whole run stays under this. */
const MAX_GROWTH_MB = 64;
/**
 * Half the integration test's gigabyte: relaying it took most of the section's 378 s on 2 loaded
 * cores. A bridge that kept even one answer in eight would still pass the 64 MB target by far
 * (512 MiB / 8 = 64 MiB), so the figure still tells a leak from none.
 */
const BENCH_PLAN = { ...FULL_PLAN, bytes: 2 ** 29 };

/**
 * Resident memory of the bridge process (the CLI, as users run it, with `--no-record` so that only
 * the relay is measured) over one long, busy connection: 100,000 small frames, then 512 MiB in
 * answers of 1 MiB. The page is a bare WebSocket that keeps nothing.
 */
export async function benchRelayMemory(cleanup: CleanupStack): Promise<BenchRow[]> {
  const cli = await startCli(['--no-record']);
  cleanup.defer('the bridge', () => cli.stop());
  const run = await measureRelayMemory(cli, BENCH_PLAN);
  const growth = (peak: number) => (peak - run.warmRss) / 2 ** 20;
  const figure = (peak: number, end: number) =>
    `peak ${formatMb(peak)} (+${growth(peak).toFixed(1)} MB), end ${formatMb(end)}`;
  return [
    row({
      area: 'Bridge memory',
      figure: `RSS over ${run.frames.count.toLocaleString('en-US')} frames on one connection (small calls)`,
      value: figure(run.frames.peakRss, run.frames.endRss),
      baseline: `${formatMb(run.warmRss)} after warm-up`,
      target: `≤ +${MAX_GROWTH_MB} MB`,
      passed: growth(run.frames.peakRss) <= MAX_GROWTH_MB,
    }),
    row({
      area: 'Bridge memory',
      figure: `RSS over ${(run.bulk.bytes / 2 ** 30).toFixed(2)} GiB relayed on the same connection (1 MiB answers)`,
      value: figure(run.bulk.peakRss, run.bulk.endRss),
      baseline: `${formatMb(run.warmRss)} after warm-up`,
      target: `≤ +${MAX_GROWTH_MB} MB`,
      passed: growth(run.bulk.peakRss) <= MAX_GROWTH_MB,
    }),
  ];
}
