import { test, expect, type Page } from '@playwright/test';
import { startCli, type CliProcess } from '../test/support/start-cli.ts';
import { block, callAndWait, HOSTILE_SERVER, screenshot } from './helpers/result-calls.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

test.describe('heavy results on a hostile server', () => {
  // Each in a page of its own: a page that still holds 10 MB or 100k keys slows the next schema check past its limit.
  let cli: CliProcess;
  test.beforeAll(async () => {
    cli = await startCli(HOSTILE_SERVER);
  });
  test.afterAll(async () => {
    await cli?.stop();
  });

  let app: ToolscopePage;
  let page: Page;
  test.beforeEach(async ({ page: fresh }) => {
    page = fresh;
    app = new ToolscopePage(page);
    await app.open(cli.url);
    await app.expectConnected();
  });

  test('10 MB of text renders cut, with show all and download; raw JSON too', async () => {
    const started = Date.now();
    const result = await callAndWait(app, 'huge_text', undefined, 45_000);
    const text = block(result, 'Content 1: text');
    await expect(text.getByRole('button', { name: 'Show all (9.5 MB)' })).toBeVisible();
    const renderMs = Date.now() - started;
    const shown = await text.locator('pre').evaluate((pre) => pre.textContent?.length ?? 0);
    expect(shown).toBe(100_000);
    // The page still answers after the render (its speed is the bench's business, not a test's).
    expect(await page.evaluate(() => 1)).toBe(1);
    test
      .info()
      .annotations.push({ type: 'timing', description: `huge_text call to cut render: ${renderMs} ms` });

    const downloading = page.waitForEvent('download');
    await text.getByRole('button', { name: 'Download' }).click();
    expect((await downloading).suggestedFilename()).toBe('text-1.txt');

    // "Show all" puts every character in the page, in blocks the browser lays out lazily.
    await text.getByRole('button', { name: 'Show all (9.5 MB)' }).click();
    await expect(text.getByRole('button', { name: /^Show all/ })).toHaveCount(0);
    expect(await text.locator('pre').evaluate((pre) => pre.textContent?.length ?? 0)).toBe(10_000_000);

    await result.getByRole('tab', { name: 'Raw JSON' }).click();
    const raw = result.getByRole('tabpanel');
    await expect(raw.getByRole('button', { name: /^Show all \(\d+(\.\d)? MB\)$/ })).toBeVisible();
    expect(await raw.locator('pre').evaluate((pre) => pre.textContent?.length ?? 0)).toBe(100_000);
    await screenshot(page, 'hostile-huge-text');
  });

  test('100k keys of structured content render collapsed and paged', async () => {
    const started = Date.now();
    const result = await callAndWait(app, 'huge_structured', undefined, 45_000);
    const tree = result.getByRole('group', { name: 'Structured content' });
    await expect(tree.getByRole('button', { name: 'Show 100 more (99,900 hidden)' })).toBeVisible();
    const renderMs = Date.now() - started;
    await expect(
      result.getByText('Matches outputSchema (JSON Schema 2020-12 · default of 2025-11-25)'),
    ).toBeVisible();
    await result.getByRole('button', { name: 'Result details' }).click();
    await expect(result.getByText('Text block mirrors structuredContent')).toBeVisible();
    await expect(tree.locator('li')).toHaveCount(101 + 1);
    await tree.getByRole('button', { name: 'Show 100 more (99,900 hidden)' }).click();
    await expect(tree.getByRole('button', { name: 'Show 200 more (99,800 hidden)' })).toBeVisible();
    test
      .info()
      .annotations.push({ type: 'timing', description: `huge_structured call to tree: ${renderMs} ms` });
    await screenshot(page, 'hostile-huge-structured');
  });

  test('a schema pattern that backtracks forever is stopped, the page stays responsive', async () => {
    const result = await callAndWait(app, 'backtracking_schema');
    await expect(result.getByText('Checking against outputSchema…')).toBeVisible();
    // While the worker spins, the page still answers: the check (stopped after 5 s) is still running when
    // the page has run this script, which a page blocked by the pattern could not do.
    expect(await page.evaluate(() => 1)).toBe(1);
    expect(await result.getByText('Checking against outputSchema…').isVisible()).toBe(true);
    await expect(result.getByText('Output schema check stopped after 5 s')).toBeVisible({ timeout: 10_000 });
    await expect(result.getByRole('group', { name: 'Structured content' })).toContainText('aaaa');
  });
});
