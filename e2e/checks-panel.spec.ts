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

test('the Checks panel lists the findings of a server with known defects', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await page.getByRole('tab', { name: 'Checks' }).click();
  await page.getByRole('button', { name: 'Run checks' }).click();
  await expect(page.getByRole('status').filter({ hasText: /\d+ errors, \d+ warnings/ })).toHaveText(
    '5 errors, 3 warnings, 0 info',
  );
  // It says what it examined, and that it called nothing.
  await expect(page.getByLabel('What was checked')).toContainText(/^Checked \d+ tools.*Called no tools\.$/);
  const findings = page.getByRole('list', { name: 'Findings' });
  await expect(findings.getByRole('listitem').filter({ hasText: 'duplicate-name' })).toContainText(
    'tool dup',
  );
  await expect(findings.getByRole('listitem').filter({ hasText: 'javascript: scheme' })).toContainText(
    'tool html_in_description',
  );
  // Markup from the server is text, never markup.
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
});
