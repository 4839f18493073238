import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope, toolscopePerTest } from './helpers/serve-toolscope.ts';

/** What a developer meets in the first minutes: the approval dialog's warnings, a server that exits at once, room for the form. */
const demo = serveToolscope([]);
const perTest = toolscopePerTest();

test('the approval dialog has its schema warnings the moment it opens', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(demo.cli.url);
  await app.expectConnected();
  await app.selectTool('echo');
  await expect(page.getByRole('button', { name: 'Call tool' })).toBeEnabled();
  // Noted in the same task as the dialog opens: was the warning already there?
  await page.evaluate(() => {
    const seen = window as unknown as { noticeAtOpen?: boolean };
    const observer = new MutationObserver(() => {
      const dialog = document.querySelector('dialog[open]');
      if (!dialog || seen.noticeAtOpen !== undefined) return;
      seen.noticeAtOpen = dialog.querySelector('[role="note"][aria-label="Input schema"]') !== null;
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
  });
  // The first call of the page, with the required message missing.
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { noticeAtOpen?: boolean }).noticeAtOpen)).toBe(
    true,
  );
  await expect(app.approvalDialog.getByRole('note', { name: 'Input schema' })).toContainText('1 problem');
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
});

test('a stdio server that exits at once says why (its stderr) and links to the Server log', async ({
  page,
}) => {
  const cli = await perTest.serve(['--', process.execPath, '/nonexistent/toolscope-missing-server.js']);
  await page.goto(cli.url);
  const alert = page.getByRole('alert').filter({ hasText: 'could not start' });
  await expect(alert).toContainText("Cannot find module '/nonexistent/toolscope-missing-server.js'");
  await page.getByRole('button', { name: 'See its output in the Server log' }).click();
  await expect(page.getByRole('tab', { name: 'Server log' })).toHaveAttribute('aria-selected', 'true');
  // Started once: Auto did not start it again in the legacy era after the probe.
  await expect(page.getByRole('tabpanel').getByText(/MODULE_NOT_FOUND/)).toHaveCount(1);
  await page.screenshot({ path: 'test-results/screens/missing-module.png' });
});

test('at 1280x800 the form keeps whole fields after a result', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = new ToolscopePage(page);
  await app.open(demo.cli.url);
  await app.expectConnected();
  await app.selectTool('create_order');
  await app.callTool();
  await expect(app.result.getByText('Tool error', { exact: true }).first()).toBeVisible();
  const fields = app.toolPanel.getByRole('textbox');
  // The form keeps room for several whole fields beside a result: the customer's two fields show whole.
  for (const index of [0, 1]) await expect(fields.nth(index)).toBeInViewport({ ratio: 1 });
  await expect(app.toolPanel.getByRole('button', { name: 'Call tool' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/screens/form-after-result-1280.png' });
});
