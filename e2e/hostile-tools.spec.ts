import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([
  '--',
  process.execPath,
  '--import',
  'tsx',
  'test/fixtures/hostile-tools-server.ts',
]);

test('hostile tool names, titles, descriptions and icons never execute and are flagged', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await expect(app.toolList.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByText(/Duplicate tool names: dup/)).toBeVisible();
  await expect(app.toolList.getByLabel(/Warning: name is 140 characters long/)).toBeVisible();
  await expect(app.toolList.getByLabel(/Warning: name has characters outside/)).toBeVisible();

  await app.selectTool('html_in_description');
  const tool = page.getByRole('region', { name: 'Tool', exact: true });
  await expect(tool).toContainText('<script>window.__pwned=4</script>');
  await expect(tool.getByRole('link', { name: 'click' })).toHaveCount(0);
  await app.callTool();
  await expect(app.result).toContainText('onerror');
  await app.tool('dup').first().getByRole('button').click();
  await app.selectTool('weird_annotations');

  // Only the data: SVG icon may load, and only as an <img> (no script runs there).
  const icons = await page
    .locator('img')
    .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
  expect(icons.some((src) => src.startsWith('javascript:') || src.startsWith('http:'))).toBe(false);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await page.locator('script:not([src]):not([type="module"])').count()).toBe(0);
  expect(await page.locator('svg script').count()).toBe(0);
});
