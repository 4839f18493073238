import { test, expect, type Page } from '@playwright/test';
import { projectPath } from '../test/support/start-cli.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// MCP Apps against a real server from npm that nobody here wrote: the View of `get-time` renders in the
// Result's "App" tab, inside a sandbox iframe on another origin, and its own tools/call goes through approval.
const vanilla = projectPath('node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js');
const served = serveToolscope(['--', process.execPath, vanilla, '--stdio']);

/** Calls get-time and returns the View's sandbox iframe and the View inside it. */
async function openView(page: Page) {
  const app = new ToolscopePage(page);
  await app.open(served.cli.url);
  await app.expectConnected();
  await expect(app.tool('get-time')).toContainText('UI');
  await app.selectTool('get-time');
  await app.callTool();
  await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
  const sandbox = app.result.locator('iframe[title="MCP App View"]');
  const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
  return { app, sandbox, view };
}

test('a View renders in the App tab, in an iframe of another origin, and calls its tool through approval', async ({
  page,
}) => {
  const { app, sandbox, view } = await openView(page);
  const src = await sandbox.getAttribute('src');
  expect(new URL(src!).origin).not.toBe(new URL(page.url()).origin);
  expect(await sandbox.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');

  const button = view.getByRole('button', { name: 'Get Server Time' });
  await expect(button).toBeVisible();
  await button.click();
  // The View's call is the user's to approve, marked as coming from the View.
  await expect(app.approvalDialog).toBeVisible();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(view.getByText(/\d{4}-\d{2}-\d{2}T/).first()).toBeVisible();
  // The first call's result stays on screen: the View that made the call is not replaced.
  await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();

  // The whole conversation is in the trace, filterable by direction.
  await app.trace.getByRole('combobox', { name: 'Direction' }).selectOption({ label: 'View → host' });
  await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('ui/initialize');
  await expect(app.trace.getByRole('button', { name: /^ui\/initialize, View → host/ })).toBeVisible();

  // Another Result tab hides the View without unloading it: the same document is there when App shows again.
  const inner = page.frames().find((frame) => frame.parentFrame()?.parentFrame() === page.mainFrame());
  expect(inner).toBeDefined();
  await inner!.evaluate(() => Object.assign(window, { keptMark: 'still here' }));
  await app.result.getByRole('tab', { name: 'Raw JSON' }).click();
  await expect(app.result.getByRole('tab', { name: 'Raw JSON', selected: true })).toBeVisible();
  await expect(sandbox).toBeHidden();
  await app.result.getByRole('tab', { name: 'App' }).click();
  await expect(sandbox).toBeVisible();
  expect(inner!.isDetached()).toBe(false);
  expect(await inner!.evaluate(() => (window as unknown as { keptMark?: string }).keptMark)).toBe(
    'still here',
  );
});

test('Open view alone shows the View full screen, and Reload view loads it again', async ({ page }) => {
  const { app, view } = await openView(page);
  await expect(view.getByRole('button', { name: 'Get Server Time' })).toBeVisible();
  await app.result.getByRole('button', { name: 'Open view alone' }).click();
  await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await app.result.getByRole('button', { name: 'Reload view' }).click();
  await expect(view.getByRole('button', { name: 'Get Server Time' })).toBeVisible();
});
