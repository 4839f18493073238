import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

test('two calls of echo compare side by side with the changed line marked', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "first"}');
  await app.callTool();
  await expect(app.result).toContainText('first');
  await app.setArgumentsJson('{"message": "second"}');
  await app.callTool();
  await expect(app.result).toContainText('second');

  const history = page.getByRole('list', { name: 'Call history' });
  const picks = history.getByRole('checkbox', { name: 'Compare' });
  await expect(picks).toHaveCount(2);
  await picks.nth(0).check();
  const compare = page.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toBeDisabled();
  // A pick outlives a visit to another tab.
  await page.getByRole('tab', { name: 'Saved' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(picks.nth(0)).toBeChecked();
  await picks.nth(1).check();
  await compare.click();

  const dialog = page.getByRole('dialog', { name: 'Compare results' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('OK')).toHaveCount(2);
  const argumentsDiff = dialog.getByRole('region', { name: 'Arguments diff' });
  const changedArgument = argumentsDiff.getByRole('row', { name: 'changed line' });
  await expect(changedArgument).toHaveCount(1);
  await expect(changedArgument).toContainText('"message": "first"');
  await expect(changedArgument).toContainText('"message": "second"');
  const resultDiff = dialog.getByRole('region', { name: 'Result diff' });
  await expect(resultDiff.getByRole('row', { name: 'changed line' }).first()).toContainText('second');
  await page.screenshot({ path: 'test-results/screens/compare-results.png' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
