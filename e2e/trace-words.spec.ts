import { test, expect, type Locator } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The trace does not call a known era's connect a probe, a shared replay folds its setup as live does, the
// Server log keeps its room for lines at 1280x800 and the trace filters stay on one row. One bridge on the
// built-in demo server, whose era the bridge knows (no probe).
const toolscope = serveToolscope([]);

/** The vertical middle of an element, to tell whether two controls share a row. */
async function middle(locator: Locator): Promise<number> {
  const box = (await locator.boundingBox())!;
  return box.y + box.height / 2;
}

test('a known era reads as known, live and in the shared replay; the Server log and the filters keep one row', async ({
  page,
  browser,
}) => {
  test.slow(); // a connect, three calls and a second browser on one page
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  const trace = app.trace;
  const frames = trace.getByRole('list', { name: 'Frames' });

  // The demo's era was known, so nothing says Auto chose or probed.
  const setup = frames.getByRole('button', { name: /^Setup: 2026-07-28 \(known\) · \d+ frames · / });
  await expect(setup).toHaveAttribute('aria-expanded', 'false');
  // The setup row is a row to read, so no line says frames will come; the filters are one row.
  await expect(trace.getByText('Frames appear here as the page and the server talk.')).toHaveCount(0);
  const search = trace.getByRole('searchbox', { name: 'Filter trace' });
  const errorsOnly = trace.getByRole('checkbox', { name: 'Errors only' });
  expect(Math.abs((await middle(search)) - (await middle(errorsOnly)))).toBeLessThan(6);
  await setup.click();
  await expect(frames.getByRole('button', { name: /^server\/discover → result, received/ })).toHaveCount(1);
  await expect(trace.getByText(/Auto's probe|Auto chose/)).toHaveCount(0);
  await setup.click();

  // Progress notifications wrap between members, never inside a key.
  await app.selectTool('slow_task');
  await app.setArgumentsJson('{"steps": 2, "delayMs": 20}');
  await app.callTool();
  await expect(app.result).toContainText('Finished 2 steps');
  await expect(trace.getByText('Frames appear here as the page and the server talk.')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Server log' }).click();
  const log = page.getByRole('region', { name: 'Server log' });
  const lines = log.getByRole('list', { name: 'Server log lines' });
  await expect(lines).toContainText('{ "progressToken": 1, "progress": 2, "total": 2');
  // The controls are one row; the filters wait behind "Filters".
  const level = log.getByRole('combobox', { name: 'Log level, sent with each call' });
  const filters = log.getByRole('button', { name: 'Filters', expanded: false });
  expect(Math.abs((await middle(level)) - (await middle(filters)))).toBeLessThan(6);
  await expect(log.getByRole('checkbox', { name: 'Notifications' })).toHaveCount(0);
  await filters.click();
  await log.getByRole('checkbox', { name: 'Notifications' }).uncheck();
  await expect(lines).not.toContainText('progressToken');
  await log.getByRole('checkbox', { name: 'Notifications' }).check();
  await log.getByRole('button', { name: 'Filters', expanded: true }).click();
  // "Logging works: …" says its piece until the first log message arrives.
  await expect(log).toContainText("Logging works: the server's log messages show here");
  await level.selectOption('debug');
  await app.selectTool('log_message');
  await app.setArgumentsJson('{"level": "warning", "message": "careful now"}');
  await app.callTool();
  await expect(lines).toContainText('careful now');
  await expect(log).not.toContainText('Logging works');

  // The shared replay folds the same setup into one row; the recording cannot tell a known era from a
  // remembered one, so it names the revision alone, and never a probe.
  await page.getByRole('button', { name: 'Share recording' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share recording' });
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const viewer = await other.newPage();
    await viewer.goto(link);
    const replay = new ToolscopePage(viewer);
    const replayFrames = replay.trace.getByRole('list', { name: 'Frames' });
    const replaySetup = replayFrames.getByRole('button', { name: /^Setup: 2026-07-28 · \d+ frames · / });
    await expect(replaySetup).toHaveAttribute('aria-expanded', 'false');
    await expect(replayFrames.getByRole('button', { name: /^server\/discover, sent/ })).toHaveCount(0);
    await expect(replayFrames.getByRole('button', { name: /^tools\/call, sent/ }).first()).toBeVisible();
    await replaySetup.click();
    await expect(
      replayFrames.getByRole('button', { name: /^server\/discover → result, received/ }),
    ).toHaveCount(1);
    await expect(replay.trace.getByText(/Auto's probe|Auto chose/)).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test("a frame detail's header keeps one line at 1280, and the trace has no waiting line once the setup is there", async ({
  page,
}) => {
  // "Copy frame" stays beside "Go to request", not under it; no "Frames appear here…" line stands above the setup.
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  const trace = app.trace;
  const frames = trace.getByRole('list', { name: 'Frames' });
  await expect(frames.getByRole('button', { name: /^Setup: / })).toBeVisible();
  await expect(trace.getByText('Frames appear here as the page and the server talk.')).toHaveCount(0);
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "one line"}');
  await app.callTool();
  await expect(app.result).toContainText('one line');
  await frames.getByRole('button', { name: /^tools\/call → result #\d+, received/ }).click();
  const detail = trace.getByRole('group', { name: 'Frame detail' });
  const goTo = detail.getByRole('button', { name: 'Go to request' });
  const copy = detail.getByRole('button', { name: 'Copy frame' });
  await expect(copy).toHaveText('Copy');
  expect(Math.abs((await middle(goTo)) - (await middle(copy)))).toBeLessThan(6);
  expect(
    Math.abs(
      (await middle(copy)) - (await middle(detail.getByRole('button', { name: 'Close frame detail' }))),
    ),
  ).toBeLessThan(6);
});
