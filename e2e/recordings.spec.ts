import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { startCli, type CliProcess } from '../test/support/start-cli.ts';
import { freePort } from '../test/support/free-port.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

test.describe.configure({ mode: 'serial' });

const SECRET = 'hunter2-share-secret';
let dataDir: string;
let flags: string[];
let cli: CliProcess | undefined;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'toolscope-e2e-recordings-'));
  flags = [
    '--port',
    String(await freePort()),
    '--token',
    'recordings-e2e-token-0123456789',
    '--data-dir',
    dataDir,
  ];
  cli = await startCli(flags);
});
test.afterAll(async () => {
  await cli?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Clicks "Share recording" and returns the link from its dialog. */
async function shareSession(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Share recording' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share recording' });
  const link = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(link).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();
  // Secrets never reach a recording, so the dialog offers no "Include secrets" and says why.
  await expect(dialog.getByRole('checkbox', { name: 'Include secrets' })).toHaveCount(0);
  await expect(dialog).toContainText('the bridge never stores them');
  await dialog.getByRole('button', { name: 'Close' }).click();
  return url;
}

/**
 * Shows every JSON-RPC frame of the trace by a filter, in the live page and the replay alike: unfiltered, the
 * live page folds each connect's setup into one row and a replay (which does not know the setup) does not.
 */
async function showEveryFrame(...pages: Page[]): Promise<void> {
  for (const page of pages)
    await new ToolscopePage(page).trace.getByRole('searchbox', { name: 'Filter trace' }).fill('"jsonrpc"');
}

/** The accessible names of the trace rows on screen (method, direction, time). */
function traceRows(page: Page): Promise<string[]> {
  return new ToolscopePage(page).trace
    .getByRole('button', { name: /, (sent|received), / })
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
}

/**
 * Opens a share link as someone else would: in a browser context of its own (no cookie, no token),
 * hands its page to `use`, and closes the context whatever happens.
 */
async function openShared(
  browser: Browser,
  link: string,
  use: (viewer: Page) => Promise<void>,
): Promise<void> {
  const other = await browser.newContext();
  try {
    const viewer = await other.newPage();
    await viewer.goto(link);
    await use(viewer);
  } finally {
    await other.close();
  }
}

let shareLink: string;

test('a share link opens the same trace, calls and results in another browser, read-only', async ({
  page,
  browser,
}) => {
  const app = new ToolscopePage(page);
  await app.open(cli!.url);
  await app.expectConnected();
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "shared call"}');
  await app.callTool();
  await expect(app.result).toContainText('shared call');
  shareLink = await shareSession(page);

  await openShared(browser, shareLink, async (viewer) => {
    const banner = viewer.getByRole('note', { name: 'Replay' });
    await expect(banner).toContainText('Shared recording, read-only');
    await expect(banner.getByRole('status', { name: 'Live status' })).toHaveText('● Live');
    await expect(new ToolscopePage(viewer).result).toContainText('shared call');
    await expect(viewer.getByRole('list', { name: 'Call history' })).toContainText('echo');
    await expect(viewer.getByRole('button', { name: 'Call tool' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: 'Connect' })).toHaveCount(0);
    await expect(
      viewer.getByRole('region', { name: 'Tool browser' }).getByRole('button', { name: 'Refresh' }),
    ).toHaveCount(0);
    await showEveryFrame(page, viewer);
    await expect.poll(() => traceRows(viewer)).toEqual(await traceRows(page));
    expect((await traceRows(page)).length).toBeGreaterThan(4);
  });
});

test('a share link of an MCP App call shows its View again, read-only, and its call as asked by a View', async ({
  page,
  browser,
}) => {
  // Two pages, each with a View on the sandbox origin, and the View's call through approval: slow at load.
  test.setTimeout(120_000);
  const app = new ToolscopePage(page);
  await app.open(cli!.url);
  await app.expectConnected();
  await app.selectTool('weather_card');
  await app.setArgumentsJson('{"city": "Lisbon", "units": "celsius"}');
  await app.callTool();
  await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
  // The View calls get_weather through the host: approved, so the bridge records it, with its origin.
  const liveCard = page
    .frameLocator('iframe[title="MCP App View"]')
    .frameLocator('iframe')
    .getByRole('group', { name: 'Weather card' });
  await liveCard.getByRole('button', { name: 'Refresh' }).click();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(liveCard).toContainText('Refreshed at');
  const link = await shareSession(page);

  await openShared(browser, link, async (viewer) => {
    const replay = new ToolscopePage(viewer);
    // The View comes back from the recorded resource and result, on the bridge's sandbox origin.
    await expect(replay.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
    const sandbox = replay.result.locator('iframe[title="MCP App View"]');
    expect(new URL((await sandbox.getAttribute('src'))!).origin).not.toBe(new URL(viewer.url()).origin);
    const card = viewer
      .frameLocator('iframe[title="MCP App View"]')
      .frameLocator('iframe')
      .getByRole('group', { name: 'Weather card' });
    await expect(card).toContainText('Lisbon');
    // The bridge's recording kept who asked: the View's call and its answer are marked as the live trace marked them.
    const askedBy = replay.trace.getByRole('combobox', { name: 'Asked by' });
    await askedBy.selectOption('view');
    await expect(
      replay.trace.getByRole('button', { name: /^tools\/call.*, sent, asked by a View, / }),
    ).toHaveCount(1);
    await expect(replay.trace.getByRole('button', { name: /, received, asked by a View, / })).toHaveCount(1);
    await askedBy.selectOption('');
    // Its calls are refused with the reason, and nothing asks for approval.
    await card.getByRole('button', { name: 'Refresh' }).click();
    await expect(card).toContainText('Not refreshed: This View is a replay');
    await expect(replay.approvalDialog).toHaveCount(0);
  });
});

test('a live viewer sees a new call appear without reloading', async ({ page, browser }) => {
  const app = new ToolscopePage(page);
  await app.open(cli!.url);
  await app.expectConnected();
  const link = await shareSession(page);
  await openShared(browser, link, async (viewer) => {
    await expect(viewer.getByRole('status', { name: 'Live status' })).toHaveText('● Live');
    const history = viewer.getByRole('list', { name: 'Call history' }).getByRole('listitem');
    await expect(history).toHaveCount(0);

    await app.selectTool('echo');
    await app.setArgumentsJson('{"message": "watched live"}');
    await app.callTool();
    await expect(app.result).toContainText('watched live');

    await expect(history).toHaveCount(1);
    await expect(new ToolscopePage(viewer).result).toContainText('watched live');
    await expect(
      new ToolscopePage(viewer).trace.getByRole('button', { name: /^tools\/call, sent/ }),
    ).toHaveCount(1);

    // The session ends: the viewer is told, and keeps what it saw.
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(viewer.getByRole('status', { name: 'Live status' })).toHaveText('Ended');
    await expect(new ToolscopePage(viewer).result).toContainText('watched live');
  });
});

test('no secret value in the stored share or on disk', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(cli!.url);
  await app.expectConnected();
  await app.reconnectWithEnvironment(`API_KEY=${SECRET}`);
  const link = await shareSession(page);
  const shareId = link.split('/share/')[1]!;
  const stored = await (await page.request.get(`${cli!.origin}/api/shared/${shareId}`)).body();
  expect(stored.includes('API_KEY')).toBe(true);
  expect(stored.includes(SECRET)).toBe(false);
  expect(stored.includes(cli!.token)).toBe(false);
  const list = await (
    await page.request.get(`${cli!.origin}/api/recordings`, { headers: { 'x-toolscope-token': cli!.token } })
  ).body();
  expect(list.includes(SECRET)).toBe(false);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await cli!.stop();
  for (const name of readdirSync(dataDir)) {
    const bytes = readFileSync(path.join(dataDir, name));
    expect(bytes.includes(SECRET), `${name} holds the secret`).toBe(false);
    expect(bytes.includes(cli!.token), `${name} holds the token`).toBe(false);
  }
  cli = await startCli(flags);
});

test('after the bridge restarts, the share link still replays the session', async ({ page }) => {
  await cli!.stop();
  cli = await startCli(flags);
  await page.goto(shareLink);
  const banner = page.getByRole('note', { name: 'Replay' });
  await expect(banner).toContainText('Shared recording, read-only');
  await expect(new ToolscopePage(page).result).toContainText('shared call');
  await expect(page.getByRole('status', { name: 'Live status' })).toHaveCount(0);
  await expect(new ToolscopePage(page).trace.getByRole('button', { name: /^tools\/call, sent/ })).toHaveCount(
    1,
  );
});

test('recordings are listed, opened as a replay, renamed, unshared and deleted', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(cli!.url);
  await app.expectConnected();
  await page.getByRole('button', { name: 'Recordings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recordings' });
  const items = dialog.getByRole('list', { name: 'Recordings' }).getByRole('listitem');
  // Five connections so far in this file's bridge runs, plus the one open now; one of the five asked nothing of
  // its server and ended, so it left no recording.
  await expect(items).toHaveCount(5);
  const first = items.last(); // newest first: the last is the first session, with "shared call"
  await expect(first).toContainText('Shared');

  await first.getByRole('button', { name: 'Rename' }).click();
  await first.getByRole('textbox', { name: 'Recording name' }).fill('Bug 42: echo repro');
  await first.getByRole('button', { name: 'Save name' }).click();
  const renamed = items.filter({ hasText: 'Bug 42: echo repro' });
  await expect(renamed).toHaveCount(1);

  await renamed.getByRole('button', { name: 'Open replay' }).click();
  await expect(page.getByRole('note', { name: 'Replay' })).toContainText('Bug 42: echo repro');
  await expect(app.result).toContainText('shared call');
  await page.getByRole('button', { name: 'Close replay' }).click();
  await app.expectConnected();

  await page.getByRole('button', { name: 'Recordings' }).click();
  await renamed.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(renamed).not.toContainText('Shared');
  await renamed.getByRole('button', { name: 'Delete' }).click();
  await renamed.getByRole('button', { name: 'Delete for good' }).click();
  await expect(items).toHaveCount(4);

  await dialog.getByRole('spinbutton', { name: 'Days to keep recordings' }).fill('3');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved');

  await page.goto(shareLink);
  await expect(page.getByRole('alert')).toContainText('does not exist or was withdrawn');
});

test('when the recordings file cannot be opened, Share recording is disabled and says why', async ({
  page,
}) => {
  // A folder where the recordings file should be: the data folder is fine, the file cannot be opened.
  const brokenDir = path.join(dataDir, 'broken-data');
  mkdirSync(path.join(brokenDir, 'recordings.sqlite'), { recursive: true, mode: 0o700 });
  chmodSync(brokenDir, 0o700);
  const broken = await startCli(['--data-dir', brokenDir]);
  try {
    const app = new ToolscopePage(page);
    await app.open(broken.url);
    await app.expectConnected();
    const share = page.getByRole('button', { name: 'Share recording' });
    await expect(share).toBeDisabled();
    await expect(share).toHaveAttribute('title', /cannot be shared: cannot open .*recordings\.sqlite/);
    await expect(page.getByRole('button', { name: 'Recordings' })).toHaveCount(0);
    expect(broken.output()).toContain('Recording is off');
  } finally {
    await broken.stop();
  }
});

test('a modern recording replays faithfully: era, revision, tools, results with their resultType', async ({
  page,
  browser,
}) => {
  const app = new ToolscopePage(page);
  await app.open(cli!.url);
  await app.expectConnected();
  // The demo speaks 2026-07-28 under Auto.
  await expect(page.getByRole('form', { name: 'Connection' })).toContainText('2026-07-28');
  await app.selectTool('cache_hints');
  await app.callTool();
  await expect(app.result).toContainText('"era": "2026-07-28"');
  const link = await shareSession(page);

  await openShared(browser, link, async (viewer) => {
    const replay = new ToolscopePage(viewer);
    await expect(viewer.getByRole('note', { name: 'Replay' })).toContainText('2026-07-28 (modern era)');
    const toolCount = page.getByRole('region', { name: 'Tool browser' }).getByText(/^\d+ tools$/);
    await expect(viewer.getByRole('region', { name: 'Tool browser' }).getByText(/^\d+ tools$/)).toHaveText(
      (await toolCount.textContent()) ?? '',
    );
    await expect(replay.result).toContainText('"era": "2026-07-28"');
    await replay.result.getByRole('tab', { name: 'Raw JSON' }).click();
    await expect(replay.result).toContainText('"resultType": "complete"');
    await showEveryFrame(page, viewer);
    await expect.poll(() => traceRows(viewer)).toEqual(await traceRows(page));
  });
});
