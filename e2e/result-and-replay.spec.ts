import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Locator, type Page } from '@playwright/test';
import { startCli, type CliProcess } from '../test/support/start-cli.ts';
import { freePort } from '../test/support/free-port.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

/*
 * The Result, History and the shared replay: the replay's Tool pane shows the chosen call, a View's call is
 * marked in History, names are not cut at 1280, and a healthy result's details wait one click away. One bridge
 * for the file; the tests share its recording, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

let dataDir: string;
let cli: CliProcess | undefined;
let page: Page;
let app: ToolscopePage;

test.beforeAll(async ({ browser }) => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'toolscope-e2e-result-replay-'));
  cli = await startCli(['--port', String(await freePort()), '--data-dir', dataDir]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
});
test.afterAll(async () => {
  await page?.context().close();
  await cli?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Whether an element's text, or a part of it, is cut (ellipsis) on screen. */
function isCut(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) =>
    [element, ...element.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1),
  );
}

test('a healthy result keeps its details one click away; names are not cut at 1280', async () => {
  await app.selectTool('add');
  await app.setArgumentsJson('{"a": 2, "b": 3}');
  await app.callTool();
  await expect(app.result.getByText(/^Matches outputSchema/)).toBeVisible();
  await expect(app.result.getByText('Text block mirrors structuredContent')).toHaveCount(0);
  await expect(app.result.getByRole('button', { name: 'Show result _meta' })).toHaveCount(0);
  const details = app.result.getByRole('button', { name: 'Result details' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(app.result.getByText('Text block mirrors structuredContent (content block 1)')).toBeVisible();
  await expect(app.result.getByRole('button', { name: 'Show result _meta' })).toBeVisible();

  // A protocol error at 1280: the Result header keeps the title whole, and the History row its name.
  await app.selectTool('fail_with_protocol_error');
  await app.callTool();
  await expect(app.result.getByText('Protocol error').first()).toBeVisible();
  const title = app.result.getByTitle('Fail with a protocol error (fail_with_protocol_error)');
  await expect(title).toContainText('Fail with a protocol error');
  expect(await isCut(title)).toBe(false);
  const history = await app.openHistory();
  const row = history.getByRole('listitem').first();
  await expect(row).toContainText('Protocol error');
  // The row's title stays whole; the grey tool name beside it may give way ("fail_with_…", whole in the row's
  // tooltip) so the outcome badge keeps the title's line.
  const name = row.getByRole('button', { name: /^Fail with a protocol error/ });
  await expect(name).toHaveAttribute('title', 'Fail with a protocol error (fail_with_protocol_error)');
  expect(await isCut(name.getByText('Fail with a protocol error', { exact: true }))).toBe(false);
});

test("a call the View made is marked in History, with the View's tool", async () => {
  await app.selectTool('weather_card');
  await app.setArgumentsJson('{"city": "Lisbon", "units": "celsius"}');
  await app.callTool();
  await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
  const card = page
    .frameLocator('iframe[title="MCP App View"]')
    .frameLocator('iframe')
    .getByRole('group', { name: 'Weather card' });
  await card.getByRole('button', { name: 'Refresh' }).click();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toContainText('Refreshed at');

  const history = await app.openHistory();
  const viewCall = history.getByRole('listitem').filter({ hasText: 'get_weather' }).first();
  await expect(viewCall.getByTitle('asked by the weather_card View')).toHaveText('View');
  // The user's own calls carry no such mark.
  const ownCall = history.getByRole('listitem').filter({ hasText: 'weather_card' }).first();
  await expect(ownCall.getByText('View', { exact: true })).toHaveCount(0);
});

test('the shared replay shows the chosen call read-only and follows History', async ({ browser }) => {
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "replayed hello"}');
  await app.callTool();
  await expect(app.result).toContainText('replayed hello');
  // Each Recordings row says what happened in it.
  await page.getByRole('button', { name: 'Recordings' }).click();
  const recordings = page.getByRole('dialog', { name: 'Recordings' });
  await expect(
    recordings.getByRole('list', { name: 'Recordings' }).getByRole('listitem').first(),
  ).toContainText('5 calls: add, fail_with_protocol_error, weather_card, get_weather, echo');
  await recordings.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Share recording' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share recording' });
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const viewer = await other.newPage();
    await viewer.goto(link);
    const replay = new ToolscopePage(viewer);
    const banner = viewer.getByRole('note', { name: 'Replay' });
    // The banner leads with the server's own name; the command is its tooltip. The Live chip is one line.
    await expect(banner).toContainText('Toolscope demo');
    await expect(banner.locator('[title]').filter({ hasText: 'Toolscope demo' })).toHaveAttribute(
      'title',
      /demo-server/,
    );
    const live = banner.getByRole('status', { name: 'Live status' });
    await expect(live).toHaveText('● Live');
    expect(await live.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');

    // The newest call is chosen: its tool, name, description and the arguments sent, read-only.
    const pane = replay.toolPanel;
    await expect(pane).toContainText('Read-only replay: you cannot call tools');
    await expect(pane.getByRole('heading', { name: 'Echo' })).toBeVisible();
    await expect(pane).toContainText('echo');
    await expect(pane.getByLabel('Arguments sent')).toContainText('"message": "replayed hello"');
    await expect(replay.tool('echo').getByRole('button')).toHaveAttribute('aria-current', 'true');
    await expect(viewer.getByRole('button', { name: 'Call tool' })).toHaveCount(0);

    // Another call chosen in History: the pane and the list follow; the View's call keeps its mark.
    const history = await replay.openHistory();
    const viewCall = history.getByRole('listitem').filter({ hasText: 'get_weather' }).first();
    await expect(viewCall.getByText('View', { exact: true })).toHaveAttribute(
      'title',
      'asked by the weather_card View',
    );
    await history
      .getByRole('listitem')
      .filter({ hasText: 'weather_card' })
      .first()
      .getByRole('button', { name: /^Weather card/ })
      .click();
    await expect(pane.getByRole('heading', { name: 'Weather card (MCP App)' })).toBeVisible();
    await expect(pane.getByLabel('Arguments sent')).toContainText('"city": "Lisbon"');
    await expect(replay.tool('weather_card').getByRole('button')).toHaveAttribute('aria-current', 'true');
    // The list scrolls to it (weather_card is the last of 24 tools) and marks only it.
    await expect(replay.toolList.locator('[aria-current="true"]')).toHaveCount(1);

    // A tool with no call in the recording: the pane says so instead of a blank box.
    await replay.selectTool('generate_audio');
    await expect(pane).toContainText('No call of this tool in this recording.');
    await expect(replay.result).toContainText('Choose a call in History to see its result.');
    await expect(pane).toContainText('Read-only replay: you cannot call tools');
  } finally {
    await other.close();
  }
});
