import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope, everythingOverStdio } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope(everythingOverStdio());

test('a tool that requires a task runs as one: created, polled, result fetched', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await app.selectTool('simulate-research-query');
  await expect(page.getByRole('checkbox', { name: 'Run as task' })).toBeChecked();
  await app.setArgumentsJson('{"topic": "tide pools"}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toContainText('as a task');
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();

  await page.getByRole('tab', { name: 'Tasks' }).click();
  const tasks = page.getByRole('list', { name: 'Tasks' });
  await expect(tasks.getByRole('listitem')).toHaveCount(1);
  await expect(tasks).toContainText('simulate-research-query');
  await expect(tasks).toContainText('poll 1000 ms');
  await expect(tasks).toContainText('completed', { timeout: 30_000 });
  await expect(app.result).toContainText('tide pools');
  await expect(app.trace.getByRole('button', { name: /^tasks\/get, sent/ }).first()).toBeVisible();
  await expect(app.trace.getByRole('button', { name: /^tasks\/result, sent/ })).toBeVisible();
});

test('forcing a plain call of a task-required tool shows what the server answers', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await app.selectTool('simulate-research-query');
  await page.getByRole('checkbox', { name: 'Run as task' }).uncheck();
  await expect(page.getByText(/requires a task/)).toBeVisible();
  await app.setArgumentsJson('{"topic": "x"}');
  await app.callTool();
  await expect(app.result).toContainText(/Protocol error|Tool error/);
});
