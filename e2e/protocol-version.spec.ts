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
  await app.toolPanel.getByRole('button', { name: 'Show declaration' }).click();
  const output = app.toolPanel.getByRole('region', { name: 'Output schema' });
  await expect(output).toContainText('JSON Schema 2020-12 · $schema');
  await expect(output).toContainText('"temperature"');
  // The handshake is inside the folded connection setup: the Method filter shows it.
  await app.trace.getByRole('combobox', { name: 'Method' }).selectOption('initialize');
  const initialize = app.trace.getByRole('button', { name: /^initialize, sent/ }).last();
  await initialize.click();
  await expect(app.trace.getByRole('group', { name: 'Frame detail' })).toContainText(
    '"protocolVersion": "2024-11-05"',
  );
});

test('results under 2024-11-05: content types and structuredContent marked, later rules not applied', async ({
  page,
}) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('combobox', { name: 'Protocol version' }).selectOption('2024-11-05');
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  await expect(
    app.tool('generate_audio').getByLabel(/^Not defined in the negotiated revision 2024-11-05:/),
  ).toBeVisible();

  await app.selectTool('generate_audio');
  await app.callTool();
  await expect(app.result).toContainText(
    'Not defined in the negotiated revision 2024-11-05: audio (since 2025-03-26)',
  );
  await expect(
    app.result
      .getByRole('group', { name: 'Content 2: audio' })
      .getByRole('note', { name: /^audio is not defined/ }),
  ).toBeVisible();

  await app.selectTool('get_weather');
  await app.setArgumentsJson('{"city": "Lisbon"}');
  await app.callTool();
  await expect(app.result).toContainText(
    'outputSchema and structuredContent are not defined in 2024-11-05 (since 2025-06-18): not checked',
  );
  await expect(app.result).not.toContainText('Output schema violation');
  await expect(app.result).not.toContainText('back-compat SHOULD');
});
