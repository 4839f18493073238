import type { Page } from '@playwright/test';
import type { ToolscopePage } from '../../e2e/helpers/toolscope-page.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { formatMs, median } from '../lib/stats.ts';
import { longestTask, timeToPaint, type PaintCondition } from './page-probe.ts';
import { callApprovingAlways, openConnectedPage, type UiBench } from './toolscope-browser.ts';

const MAX_TASK_MS = 200;
/** Each result is rendered this many times (the first through the approval dialog). */
const ROUNDS = 3;
/** Long tasks that end after the paint still belong to the result (layout of the rest, GC). */
const SETTLE_MS = 1000;

/**
 * A 10 MB text result and a 5 MB image, each called {@link ROUNDS} times: time from the click
 * (Approve, then Call tool) to painted, and the longest main-thread task meanwhile.
 */
export async function benchBigResults(bench: UiBench): Promise<BenchRow[]> {
  const { page, app } = await openConnectedPage(bench);
  const text = await renderResults(page, app, 'big_text', {
    kind: 'result-text',
    text: 'line 0000000: the quick',
  });
  const image = await renderResults(page, app, 'big_image', { kind: 'result-image' });
  const area = 'UI, big results';
  const longestText = Math.max(...text.map((round) => round.longestTaskMs));
  const longestImage = Math.max(...image.map((round) => round.longestTaskMs));
  return [
    row({
      area,
      figure: `10 MB text result: click → painted, median of ${ROUNDS}`,
      value: formatMs(median(text.map((round) => round.latencyMs))),
    }),
    row({
      area,
      figure: `10 MB text result: longest main-thread task in ${ROUNDS} renders`,
      value: describeTask(longestText),
      target: `≤ ${MAX_TASK_MS} ms`,
      passed: longestText <= MAX_TASK_MS,
    }),
    row({
      area,
      figure: `5 MB image result: click → painted and decoded, median of ${ROUNDS}`,
      value: formatMs(median(image.map((round) => round.latencyMs))),
      baseline: `longest task ${describeTask(longestImage)}`,
    }),
  ];
}

async function renderResults(page: Page, app: ToolscopePage, tool: string, condition: PaintCondition) {
  await app.selectTool(tool);
  const rounds: { latencyMs: number; longestTaskMs: number }[] = [];
  // The previous round's result is still on screen when the next click lands: wait for it to go.
  const changed: PaintCondition = { ...condition, afterChange: true };
  const measure = async (click: () => Promise<void>) => {
    const { latencyMs, inputAt, paintedAt } = await timeToPaint(page, changed, click, 120_000);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    rounds.push({ latencyMs, longestTaskMs: await longestTask(page, inputAt, paintedAt + SETTLE_MS) });
  };
  await callApprovingAlways(app, measure);
  const callButton = page.getByRole('button', { name: 'Call tool' });
  for (let round = 1; round < ROUNDS; round++) await measure(() => callButton.click());
  return rounds;
}

function describeTask(ms: number): string {
  return ms === 0 ? 'none over 50 ms' : formatMs(ms);
}
