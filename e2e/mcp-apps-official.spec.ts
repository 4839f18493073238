import { test, expect } from '@playwright/test';
import { projectPath } from '../test/support/start-cli.ts';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// Official example Apps from npm that nobody here wrote, each where a host can fail it: `debug` logs its start-up
// with several tools/call at once (the second was refused while the first waited for approval); `threejs`
// evaluates its scene's code, which the extension's policy forbids, so it needs the relaxed policy and says
// why in the console; `budget-allocator` renders its charts.
const { serve } = toolscopePerTest();
const example = (name: string) => [
  '--',
  process.execPath,
  projectPath(`node_modules/@modelcontextprotocol/server-${name}/dist/index.js`),
  '--stdio',
];

test('debug: the View’s start-up calls wait in line for approval and all succeed', async ({ page }) => {
  test.slow();
  const cli = await serve(example('debug'));
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await app.selectTool('debug-tool');
  await app.callTool();
  await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
  // The View logs its start-up through the app-only debug-log tool, several calls at once.
  const dialog = app.approvalDialog;
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('debug-log');
  await expect(dialog.getByRole('status')).toHaveText(/more calls? waits?/);
  await dialog.getByRole('checkbox', { name: 'Always allow this tool' }).check();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  const history = await app.openHistory();
  await expect(history.getByRole('listitem').filter({ hasText: 'debug-log' }).first()).toBeVisible();
  expect(await history.getByRole('listitem').filter({ hasText: 'debug-log' }).count()).toBeGreaterThan(1);
  await expect(history.getByRole('listitem').filter({ hasText: 'denied' })).toHaveCount(0);
  const console = app.result.getByRole('region', { name: 'View console' });
  await expect(console).not.toContainText('Failed to send log');
  await expect(console).not.toContainText('another call');
});

test('threejs: blocked eval is explained in the console, and the relaxed policy renders the scene', async ({
  page,
}) => {
  test.slow();
  const cli = await serve(example('threejs'));
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await app.selectTool('show_threejs_scene');
  await app.callTool();
  const console = app.result.getByRole('region', { name: 'View console' });
  const evalBlocked = console.getByRole('listitem').filter({ hasText: 'blocked eval' }).first();
  await expect(evalBlocked).toContainText('Content Security Policy: script-src');
  await expect(evalBlocked).toContainText("No _meta.ui.csp field allows 'unsafe-eval'");

  await app.result.getByText('Host controls', { exact: true }).click();
  await app.result
    .getByRole('combobox', { name: 'CSP' })
    .selectOption({ label: 'Relaxed like the reference host' });
  const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
  await expect(view.locator('canvas').first()).toBeVisible();
  await expect(console.getByRole('listitem').filter({ hasText: 'Content Security Policy' })).toHaveCount(0);
  // The policy shown is the one applied: the relaxed one.
  await app.result.getByText('Content-Security-Policy applied').click();
  await expect(app.result.getByText(/script-src 'self' 'unsafe-inline' 'unsafe-eval'/)).toBeVisible();
});

test('budget-allocator: the View renders and reads its data through the host', async ({ page }) => {
  test.slow();
  const cli = await serve(example('budget-allocator'));
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await app.selectTool('get-budget-data');
  await app.callTool();
  const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
  await expect(view.locator('canvas').first()).toBeVisible();
  // The View talks to the host through its SDK: its debug lines are there when asked for.
  const console = app.result.getByRole('region', { name: 'View console' });
  await console.getByRole('checkbox', { name: /Debug lines/ }).check();
  await expect(console.getByRole('list', { name: 'Console' })).toContainText('ui/initialize');
});
