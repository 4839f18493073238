import { fixtureCommand } from './in-process-bridge.ts';
import { residentBytes } from './process-memory.ts';
import { RawPage } from './raw-page.ts';
import type { CliProcess } from './start-cli.ts';

/** How much {@link measureRelayMemory} pushes through one connection. */
export interface RelayMemoryPlan {
  /** Frames relayed in small calls (two frames a call). */
  frames: number;
  /** Bytes relayed in big answers of {@link bigAnswer} bytes each. */
  bytes: number;
  bigAnswer: number;
}

/** The figure of the issue: 100,000 frames, then 1 GiB in answers of 1 MiB. */
export const FULL_PLAN: RelayMemoryPlan = { frames: 100_000, bytes: 2 ** 30, bigAnswer: 2 ** 20 };

/** The bridge's resident memory in each phase: after the warm-up, at its highest, and at the end. */
export interface RelayMemory {
  warmRss: number;
  frames: { count: number; peakRss: number; endRss: number };
  bulk: { bytes: number; peakRss: number; endRss: number };
}

/**
 * Pushes `plan` through one connection of the bridge process `cli` (a stdio server that answers at
 * once) and reads the bridge's RSS as it goes. The page keeps nothing, so all that could grow is
 * the bridge. Every call is answered before it returns.
 */
export async function measureRelayMemory(cli: CliProcess, plan: RelayMemoryPlan): Promise<RelayMemory> {
  const pid = cli.child.pid!;
  const rss = () => residentBytes(pid) ?? Number.NaN;
  const page = await RawPage.open(cli.port, cli.token);
  try {
    await page.connect(fixtureCommand('bulk-server'));
    // Warm-up: code paths compiled, buffers and the heap grown to their working size.
    await page.calls(2000, { bytes: 2, window: 64 });
    await page.calls(16, { bytes: plan.bigAnswer, window: 4 });
    await settle();
    const warmRss = rss();

    let peak = warmRss;
    const sample = () => {
      peak = Math.max(peak, rss());
    };
    const framesBefore = page.frames;
    await page.calls(Math.ceil(plan.frames / 2), { bytes: 2, window: 64, every: 1000, progress: sample });
    sample();
    const frames = { count: page.frames - framesBefore, peakRss: peak, endRss: rss() };

    peak = rss();
    const bytesBefore = page.bytes;
    await page.calls(Math.ceil(plan.bytes / plan.bigAnswer), {
      bytes: plan.bigAnswer,
      window: 4,
      every: 16,
      progress: sample,
    });
    sample();
    const bulk = { bytes: page.bytes - bytesBefore, peakRss: peak, endRss: rss() };
    return { warmRss, frames, bulk };
  } finally {
    page.close();
  }
}

/** Lets sockets, timers and the garbage collector settle before a reading. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}
