import type { CleanupStack } from '../lib/cleanup.ts';
import type { BenchRow } from '../lib/report.ts';
import { benchBigResults } from '../ui/big-results-bench.ts';
import { benchClickToResult } from '../ui/click-to-result-bench.ts';
import { benchToolList } from '../ui/tool-list-bench.ts';
import { benchTrace } from '../ui/trace-bench.ts';
import { startUiBench } from '../ui/toolscope-browser.ts';

/**
 * The UI at scale, in headless Chromium against the built app (dist/): each part in a fresh page
 * connected to its own server, so a 100,000-frame trace does not slow the click-to-result figure.
 */
export async function benchUiScale(cleanup: CleanupStack): Promise<BenchRow[]> {
  const bench = await startUiBench(cleanup);
  return [
    ...(await benchToolList(bench)),
    ...(await benchClickToResult(bench)),
    ...(await benchBigResults(bench)),
    ...(await benchTrace(bench)),
  ];
}
