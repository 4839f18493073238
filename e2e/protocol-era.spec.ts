import { test, expect } from '@playwright/test';
import { startV2HttpFixture } from '../test/fixtures/v2-fixture-server.ts';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The protocol era in the page (DESIGN.md §2): the "Protocol era" picker, a modern-only server (SDK v2 with
// legacy: 'reject') over Streamable HTTP and stdio, a tool called, the negotiated revision shown.

let modernHttp: Awaited<ReturnType<typeof startV2HttpFixture>>;
const { serve } = toolscopePerTest();

test.beforeAll(async () => {
  modernHttp = await startV2HttpFixture({ legacy: 'reject' });
});
test.afterAll(async () => {
  await modernHttp.close();
});

test('the era picker: Legacy is refused by a modern-only HTTP server, Auto connects in 2026-07-28 and calls tools', async ({
  page,
}) => {
  const cli = await serve(['--era', 'legacy', '--url', modernHttp.url]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  // The server's own refusal (-32022) reaches the page, not a bridge error.
  await expect(page.getByRole('alert')).toContainText(/2025-11-25|protocol version/i);
  await expect(app.status).toHaveText('Disconnected');
  await page.getByText('Why?').click();
  await expect(page.getByRole('note', { name: 'Connection error' })).toContainText(
    /JSON-RPC -32022.*it supports 2026-07-28\. Choose another Protocol era/,
  );

  await page.getByRole('button', { name: 'Options' }).click();
  const era = page.getByRole('combobox', { name: 'Protocol era' });
  await expect(era).toHaveValue('legacy');
  await expect(era.getByRole('option')).toHaveText(['Auto', 'Legacy', 'Modern (2026-07-28)']);
  // The era was the problem: one click tries again under Auto, and the picker follows.
  await page.getByRole('button', { name: 'Try again with Auto' }).click();
  // The retry closed the options card (it floats over the Tool pane); the picker followed to Auto.
  await expect(era).toBeHidden();
  await app.expectConnected();
  await page.getByRole('button', { name: 'Options' }).click();
  await expect(era).toHaveValue('auto');
  await page.getByRole('button', { name: 'Options' }).click();
  const bar = page.getByRole('form', { name: 'Connection' });
  await expect(bar).toContainText('2026-07-28');
  await expect(bar).toContainText('modern era');
  await expect(bar).toContainText(/Auto: server\/discover answered: modern era \(2026-07-28\) \(\d+ ms\)/);

  await app.selectTool('echo');
  await app.setArgumentsJson('{"text": "hello, 2026"}');
  await app.callTool();
  await expect(app.result).toContainText('hello, 2026');

  // A tool with x-mcp-header: the bridge sends Mcp-Param-Region, so the strict server accepts it.
  await app.selectTool('where');
  await app.setArgumentsJson('{"region": "eu-west-1"}');
  await app.callTool();
  await expect(app.result).toContainText('region=eu-west-1');
  await expect(app.result).not.toContainText('Protocol error');
});

test('--era modern over stdio: connects to a modern-only server at once and shows the revision', async ({
  page,
}) => {
  const cli = await serve([
    '--era',
    'modern',
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/v2-stdio-server.ts',
    'modern',
  ]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  const bar = page.getByRole('form', { name: 'Connection' });
  await expect(bar).toContainText('2026-07-28');
  await expect(bar).toContainText('modern era');
  await page.getByRole('button', { name: 'Options' }).click();
  await expect(page.getByRole('combobox', { name: 'Protocol era' })).toHaveValue('modern');

  await app.selectTool('echo');
  await app.setArgumentsJson('{"text": "over stdio"}');
  await app.callTool();
  await expect(app.result).toContainText('over stdio');
});

test('the demo under Auto: modern era, its discover result, and a multi round-trip call answered in the elicitation view', async ({
  page,
}) => {
  const cli = await serve([]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await expect(page.getByRole('form', { name: 'Connection' })).toContainText('2026-07-28');

  await page.getByRole('button', { name: 'Server details', exact: true }).click();
  const discover = page.getByRole('dialog', { name: 'Server details' });
  await expect(discover).toContainText('Supported versions');
  await expect(discover).toContainText('2026-07-28');
  await discover.getByRole('button', { name: 'Close' }).click();

  // input_required with an elicitation: the existing view asks, the answer goes back in a retry.
  await app.selectTool('confirm_deploy');
  await app.callTool();
  const form = page
    .getByRole('dialog', { name: 'Server requests' })
    .getByRole('region', { name: 'Elicitation request' });
  await expect(form).toContainText('Deploy 1.2.3 to staging?');
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(app.result).toContainText('Pretended to deploy 1.2.3 to staging (state deploy:staging:1.2.3)');
});
