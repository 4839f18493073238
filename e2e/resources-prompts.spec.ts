import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope, everythingOverStdio } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope(everythingOverStdio());

test('lists and reads resources, and gets a prompt with arguments', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();

  await page.getByRole('tab', { name: 'Resources' }).click();
  const resources = page.getByRole('list', { name: 'Resources' });
  await expect(resources.getByRole('listitem').first()).toBeVisible();
  await resources.getByRole('button').first().click();
  const contents = page.getByRole('region', { name: 'Resource contents' });
  await expect(contents).toBeVisible();
  await expect(contents).not.toContainText('Reading…');
  await expect(app.trace.getByRole('button', { name: /^resources\/read, sent/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Templates' }).getByRole('listitem').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Prompts' }).click();
  const prompts = page.getByRole('list', { name: 'Prompts' });
  await prompts.getByRole('button', { name: /args-prompt/ }).click();
  await page.getByRole('region', { name: 'Prompt' }).getByRole('textbox').first().fill('Lisbon');
  await page.getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByLabel('Prompt messages')).toContainText('Lisbon');
  await page.screenshot({ path: 'test-results/screens/prompts.png' });
});
