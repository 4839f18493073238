import { directStdioSession } from '../lib/sessions.ts';
import { row, type BenchRow } from '../lib/report.ts';
import { formatMs, median } from '../lib/stats.ts';
import { timeToPaint } from './page-probe.ts';
import { BENCH_UI_SERVER, openConnectedPage, waitForStatus, type UiBench } from './toolscope-browser.ts';
import { projectPath } from '../../test/support/start-cli.ts';

const CONNECTS = 3;
const KEYSTROKE_ROUNDS = 10;
const MAX_FILTER_MS = 50;

/**
 * 2,000 tools: from clicking Connect to the list showing all of them (baseline: the SDK client
 * alone spawning the same server and listing its tools), then keystroke-to-paint in "Filter tools".
 */
export async function benchToolList(bench: UiBench): Promise<BenchRow[]> {
  const { page } = await openConnectedPage(bench);
  const connectButton = (name: string) => page.getByRole('button', { name, exact: true });
  const uiConnects: number[] = [];
  const sdkConnects: number[] = [];
  for (let i = 0; i < CONNECTS; i++) {
    await connectButton('Disconnect').click();
    await waitForStatus(page, 'Disconnected');
    const shown = await timeToPaint(
      page,
      { kind: 'count', region: 'tools', text: '2000', afterChange: true },
      () => connectButton('Connect').click(),
      60_000,
    );
    uiConnects.push(shown.latencyMs);
    sdkConnects.push(await sdkConnectAndList());
  }

  const filter = page.getByRole('searchbox', { name: 'Filter tools' });
  const keystrokes: number[] = [];
  const count = (text: string) => ({ kind: 'count' as const, region: 'tools' as const, text });
  await timeToPaint(page, count('1000/2000'), () => filter.fill('tool_0'));
  for (let i = 0; i < KEYSTROKE_ROUNDS; i++) {
    keystrokes.push((await timeToPaint(page, count('100/2000'), () => filter.press('1'))).latencyMs);
    keystrokes.push((await timeToPaint(page, count('1000/2000'), () => filter.press('Backspace'))).latencyMs);
  }
  await timeToPaint(page, count('2000'), () => filter.fill(''));

  const p50 = median(keystrokes);
  return [
    row({
      area: 'UI, 2,000 tools',
      figure: `Connect → all tools listed and painted (median of ${CONNECTS})`,
      value: formatMs(median(uiConnects)),
      baseline: `SDK client alone: spawn + list ${formatMs(median(sdkConnects))}`,
    }),
    row({
      area: 'UI, 2,000 tools',
      figure: `"Filter tools" keystroke → list painted, p50 of ${keystrokes.length}`,
      value: `${formatMs(p50)} (max ${formatMs(Math.max(...keystrokes))})`,
      target: `≤ ${MAX_FILTER_MS} ms`,
      passed: p50 <= MAX_FILTER_MS,
    }),
  ];
}

/** Time for the session code with the SDK's stdio transport to start the same server and list its tools. */
async function sdkConnectAndList(): Promise<number> {
  const [command, ...args] = BENCH_UI_SERVER;
  const session = directStdioSession({ transport: 'stdio', command: command!, args, cwd: projectPath() });
  const started = performance.now();
  await session.connect({ transport: 'stdio', command: command!, args });
  const elapsed = performance.now() - started;
  const tools = session.state.get().tools.length;
  await session.disconnect();
  if (tools !== 2000) throw new Error(`Expected 2000 tools, listed ${tools}`);
  return elapsed;
}
