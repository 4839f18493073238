import type { Page } from '@playwright/test';
import { row, type BenchRow } from '../lib/report.ts';
import { formatCount, formatMs, median, percentile } from '../lib/stats.ts';
import { badgeText, longestTask, scrollFrames, timeToPaint } from './page-probe.ts';
import { createNodeSession, waitFor } from '../../test/support/node-session.ts';
import {
  BENCH_UI_SERVER,
  callApprovingAlways,
  openConnectedPage,
  type UiBench,
} from './toolscope-browser.ts';

const BURST = 100_000;
const KEYSTROKE_ROUNDS = 5;
const SCROLL_FRAMES = 60;
const MAX_TRACE_FILTER_MS = 100;

/** 100,000 notifications in one burst: how fast the trace takes them, then filter and scroll it. */
export async function benchTrace(bench: UiBench): Promise<BenchRow[]> {
  const nodeMs = await burstInNode(bench);
  const { page, app } = await openConnectedPage(bench);
  await app.selectTool('burst');
  const before = Number((await badgeText(page, 'trace'))?.split('/').pop() ?? 0);
  const expected = before + BURST + 2; // the call, the notifications, the result
  let burstMs = 0;
  let burstTask = 0;
  await callApprovingAlways(app, async (approve) => {
    const timing = await timeToPaint(
      page,
      { kind: 'count', region: 'trace', atLeast: expected },
      approve,
      300_000,
    );
    burstMs = timing.latencyMs;
    burstTask = await longestTask(page, timing.inputAt, timing.paintedAt);
  });
  const total = (await badgeText(page, 'trace'))!;

  const filter = await traceFilterTimes(page, total);
  const frames = await scrollFrames(page, 'Frames', SCROLL_FRAMES);
  const warmP50 = median(filter.warm);
  const area = 'UI, trace of 100,000 frames';
  return [
    row({
      area,
      figure: `Append ${formatCount(BURST)} notifications → all counted and painted`,
      value: `${formatCount((BURST + 2) / (burstMs / 1000))} frames/s (${formatMs(burstMs)})`,
      baseline: `session code in Node, same bridge: ${formatCount((BURST + 2) / (nodeMs / 1000))} frames/s`,
    }),
    row({
      area,
      figure: 'Append burst: longest main-thread task',
      value: formatMs(burstTask),
    }),
    row({
      area,
      figure: '"Filter trace": first filter (builds the search text)',
      value: formatMs(filter.cold),
      target: `≤ ${MAX_TRACE_FILTER_MS} ms`,
      passed: filter.cold <= MAX_TRACE_FILTER_MS,
    }),
    row({
      area,
      figure: `"Filter trace" keystroke → painted, p50 of ${filter.warm.length}`,
      value: `${formatMs(warmP50)} (max ${formatMs(Math.max(...filter.warm))})`,
      target: `≤ ${MAX_TRACE_FILTER_MS} ms`,
      passed: warmP50 <= MAX_TRACE_FILTER_MS,
    }),
    row({
      area,
      figure: `Scroll end → start in ${SCROLL_FRAMES} jumps: frame time p95`,
      value: `${formatMs(percentile(frames, 95))} (max ${formatMs(Math.max(...frames))})`,
      baseline: '16.7 ms = 60 fps',
    }),
  ];
}

/** The same burst received by the browser's session code running in Node, through the same bridge. */
async function burstInNode(bench: UiBench): Promise<number> {
  const session = createNodeSession(bench.cli.origin, bench.cli.token);
  const [command, ...args] = BENCH_UI_SERVER;
  await session.connect({ transport: 'stdio', command: command!, args });
  const before = session.trace.get().frames.length;
  const started = performance.now();
  const outcome = await session.callTool('burst', {}, { timeoutMs: 300_000 });
  await waitFor(() => session.trace.get().frames.length >= before + BURST + 2, 'the whole burst', 60_000);
  const elapsed = performance.now() - started;
  await session.disconnect();
  if (outcome.status !== 'ok') throw new Error(`burst failed: ${JSON.stringify(outcome.error)}`);
  return elapsed;
}

/** Times the filter box: once from empty (cold), then single keystrokes that narrow and widen it. */
async function traceFilterTimes(page: Page, total: string) {
  const box = page.getByRole('searchbox', { name: 'Filter trace' });
  const shows = (shown: string) => ({
    kind: 'count' as const,
    region: 'trace' as const,
    text: shown === total ? total : `${shown}/${total}`,
  });
  // "burst frame 0999" matches frames 09990 to 09999.
  const cold = (await timeToPaint(page, shows('10'), () => box.fill('burst frame 0999'), 60_000)).latencyMs;
  await timeToPaint(page, shows(total), () => box.fill(''), 60_000);
  await timeToPaint(page, shows('100'), () => box.fill('burst frame 099'), 60_000);
  const warm: number[] = [];
  for (let i = 0; i < KEYSTROKE_ROUNDS; i++) {
    warm.push((await timeToPaint(page, shows('10'), () => box.press('9'))).latencyMs);
    warm.push((await timeToPaint(page, shows('100'), () => box.press('Backspace'))).latencyMs);
  }
  await timeToPaint(page, shows(total), () => box.fill(''), 60_000);
  return { cold, warm };
}
