import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([
  '--',
  process.execPath,
  '--import',
  'tsx',
  'test/fixtures/tasks-server.ts',
]);

test('every call path takes the same task decision: Call, Re-run, Edit and a saved request', async ({
  page,
}) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await app.selectTool('must_run_as_task');
  await expect(page.getByRole('checkbox', { name: 'Run as task' })).toBeChecked();
  await app.setArgumentsJson('{"steps": 1}');

  // The Call button: a tool that requires a task runs as one.
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toContainText('as a task, TTL 300 s');
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(app.result).toContainText('counted to 1');
  // The task's _meta is there on demand: the result names the task it belongs to.
  await expect(app.result).toContainText(/Run as task \S+ \(the result names it in _meta/);
  await app.result.getByRole('button', { name: 'Result details' }).click();
  await app.result.getByRole('button', { name: 'Show result _meta' }).click();
  await expect(app.result.getByRole('region', { name: 'result _meta' })).toContainText(
    'io.modelcontextprotocol/related-task',
  );
  const history = await app.openHistory();
  const taskCall = history.getByRole('listitem').first();
  await expect(taskCall).toContainText('task');

  // Re-run repeats the task.
  await taskCall.getByRole('button', { name: 'Re-run' }).click();
  await expect(app.approvalDialog).toContainText('as a task, TTL 300 s');
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(2);

  // A plain call, forced on purpose, is marked, and Re-run repeats it as forced.
  await page.getByRole('checkbox', { name: 'Run as task' }).uncheck();
  await expect(page.getByText(/requires a task; the server should refuse a plain call/)).toBeVisible();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toContainText('plain call (forced: this tool requires a task)');
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  const forced = history.getByRole('listitem').first();
  await expect(forced).toContainText('forced');
  await expect(forced).toContainText(/Tool error|Protocol error/);
  await forced.getByRole('button', { name: 'Re-run' }).click();
  await expect(app.approvalDialog).toContainText('plain call (forced: this tool requires a task)');
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();

  // Edit of the first call sets the Call button back to a task.
  await history.getByRole('listitem').last().getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('checkbox', { name: 'Run as task' })).toBeChecked();

  // A saved request keeps the decision of the call it was saved from.
  await forced.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('textbox', { name: 'Request name' }).fill('Forced plain');
  await page.getByRole('button', { name: 'Save request' }).click();
  await page.getByRole('tab', { name: 'Saved', exact: true }).click();
  await page
    .getByRole('list', { name: 'Saved requests' })
    .getByRole('listitem', { name: 'Forced plain' })
    .getByRole('button', { name: 'Run' })
    .click();
  await expect(app.approvalDialog).toContainText('plain call (forced: this tool requires a task)');
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
});
