import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

test('offers an older revision in initialize and marks fields it does not define', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(app.status).toHaveText('Disconnected');
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('combobox', { name: 'Protocol version' }).selectOption('2024-11-05');
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  await expect(page.getByRole('region', { name: 'Server' })).toContainText('protocol 2024-11-05');
  await app.selectTool('get_weather');
  await expect(page.getByRole('region', { name: 'Tool', exact: true })).toContainText(
    /Not defined in the negotiated revision 2024-11-05:.*outputSchema \(since 2025-06-18\)/,
  );
  const initialize = app.trace.getByRole('button', { name: /^initialize, sent/ }).last();
  await initialize.click();
  await expect(app.trace.getByRole('group', { name: 'Frame detail' })).toContainText(
    '"protocolVersion": "2024-11-05"',
  );
});
