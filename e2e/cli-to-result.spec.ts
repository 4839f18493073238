import { test, expect } from '@playwright/test';
import { startCli, projectPath, type CliProcess } from '../test/support/start-cli.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');

test.describe('from the CLI to a tool result', () => {
  let cli: CliProcess;
  test.beforeAll(async () => {
    cli = await startCli(['--', process.execPath, everything, 'stdio']);
  });
  test.afterAll(async () => {
    await cli?.stop();
  });

  test('connects, lists tools, calls one and shows the result and the trace', async ({ page }) => {
    const app = new ToolscopePage(page);
    await app.open(cli.url);
    await app.expectConnected();
    await expect(page).not.toHaveURL(/token=/);
    await expect(app.tool('echo')).toBeVisible();
    await app.selectTool('echo');
    await app.setArgumentsJson('{"message": "hello from e2e"}');
    await app.callTool();
    await expect(app.result).toContainText('Echo: hello from e2e');
    await expect(app.trace.getByRole('button', { name: /^tools\/call, sent/ })).toBeVisible();
    // The trace is virtualised: filter it so the first frame is in view.
    await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('initialize');
    await expect(app.trace.getByRole('button', { name: /^initialize, sent/ })).toBeVisible();
  });
});

test.describe('the built-in demo server', () => {
  let cli: CliProcess;
  test.beforeAll(async () => {
    cli = await startCli([]);
  });
  test.afterAll(async () => {
    await cli?.stop();
  });

  test('opens with no target and shows its tools', async ({ page }) => {
    const app = new ToolscopePage(page);
    await app.open(cli.url);
    await app.expectConnected();
    await expect(page.getByRole('region', { name: 'Server' })).toContainText('toolscope-demo');
    await expect(app.tool('get_weather')).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/demo-connected.png' });
  });
});
