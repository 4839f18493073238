import { row, type BenchRow } from '../lib/report.ts';
import { formatMs, median, percentile } from '../lib/stats.ts';
import { timeToPaint } from './page-probe.ts';
import { callApprovingAlways, openConnectedPage, type UiBench } from './toolscope-browser.ts';

const CLICKS = 30;
const MAX_CLICK_TO_RESULT_MS = 50;
/** Reference, not measured here: the official MCP Inspector 2.12, as reported in the issue. */
const INSPECTOR_P50_MS = 250;

/** Click "Call tool" on a trivial, always-allowed tool until its result is painted, N times. */
export async function benchClickToResult(bench: UiBench): Promise<BenchRow[]> {
  const { page, app } = await openConnectedPage(bench);
  await app.selectTool('tick');
  const result = page.getByRole('region', { name: 'Result' });
  await callApprovingAlways(app, (approve) => approve());
  await result.getByText(/\[tick \d+\]/).waitFor();
  let tick = Number(/\[tick (\d+)\]/.exec((await result.textContent()) ?? '')?.[1]);

  const latencies: number[] = [];
  const callButton = page.getByRole('button', { name: 'Call tool' });
  for (let i = 0; i < CLICKS; i++) {
    tick++;
    const painted = await timeToPaint(page, { kind: 'result-text', text: `[tick ${tick}]` }, () =>
      callButton.click(),
    );
    latencies.push(painted.latencyMs);
  }
  const p50 = median(latencies);
  return [
    row({
      area: 'UI, calls',
      figure: `Click "Call tool" → result painted, always-allowed trivial tool, p50 of ${CLICKS}`,
      value: `${formatMs(p50)} (p90 ${formatMs(percentile(latencies, 90))})`,
      baseline: `MCP Inspector 2.12: ~${INSPECTOR_P50_MS} ms p50 (reference, not measured here)`,
      target: `≤ ${MAX_CLICK_TO_RESULT_MS} ms`,
      passed: p50 <= MAX_CLICK_TO_RESULT_MS,
    }),
  ];
}
