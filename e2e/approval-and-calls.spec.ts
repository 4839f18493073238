import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

async function openDemo(page: import('@playwright/test').Page): Promise<ToolscopePage> {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  return app;
}

function toolCalls(app: ToolscopePage) {
  return app.trace.getByRole('button', { name: /^tools\/call, sent/ });
}

test('the approval dialog shows server, tool and the exact arguments; Approve sends', async ({ page }) => {
  const app = await openDemo(page);
  await app.selectTool('delete_everything');
  await app.setArgumentsJson('{"confirm": true}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const dialog = app.approvalDialog;
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('delete_everything');
  await expect(dialog).toContainText(/demo-server\.(ts|js)/);
  await expect(dialog.getByLabel('Arguments to send')).toHaveText(JSON.stringify({ confirm: true }, null, 2));
  await expect(dialog).toContainText('destructive');
  await expect(dialog).toContainText('unverified');
  await page.screenshot({ path: 'test-results/screens/approval-dialog.png' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(toolCalls(app)).toHaveCount(1);
});

test('Deny sends nothing and is recorded in history; Esc denies, Enter approves', async ({ page }) => {
  const app = await openDemo(page);
  await app.selectTool('ping_time');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
  await expect(app.approvalDialog).toBeHidden();
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(app.approvalDialog).toBeHidden();
  await expect(toolCalls(app)).toHaveCount(0);
  const history = page.getByRole('list', { name: 'Call history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Denied' })).toHaveCount(2);

  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(toolCalls(app)).toHaveCount(1);
  await expect(app.result).toContainText('OK');
});

test('"Always allow this tool" skips the dialog for that tool only', async ({ page }) => {
  const app = await openDemo(page);
  await app.selectTool('ping_time');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await app.approvalDialog.getByRole('checkbox', { name: 'Always allow this tool' }).check();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toolCalls(app)).toHaveCount(1);
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(toolCalls(app)).toHaveCount(2);
  await expect(app.approvalDialog).toBeHidden();
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "x"}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toBeVisible();
});

test('"Don\'t ask for this server\'s read-only tools" skips the dialog for its read-only tools only', async ({
  page,
}) => {
  const app = await openDemo(page);
  await app.selectTool('echo'); // the demo marks it read-only
  await app.setArgumentsJson('{"message": "first"}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await app.approvalDialog
    .getByRole('checkbox', { name: /^Don't ask for this server's read-only tools/ })
    .check();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(app.result).toContainText('first');
  await app.setArgumentsJson('{"message": "second"}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.result).toContainText('second');
  await expect(toolCalls(app)).toHaveCount(2);
  await expect(app.approvalDialog).toBeHidden();
  // A tool that is not read-only still asks, and the choice is not offered for it.
  await app.selectTool('delete_everything');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toBeVisible();
  await expect(app.approvalDialog.getByRole('checkbox', { name: /read-only tools/ })).toHaveCount(0);
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
});

test('progress shows while a call runs, and Cancel sends notifications/cancelled', async ({ page }) => {
  const app = await openDemo(page);
  await app.selectTool('slow_task');
  // 60 s of steps: the call must still run when Cancel is clicked, however slow the machine is
  // (at 6 s it ended first once, in a fresh-clone CI run, and the Cancel button was gone).
  await app.setArgumentsJson('{"steps": 40, "delayMs": 1500}');
  await app.callTool();
  const progress = page.getByRole('progressbar', { name: 'Call progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', /Step \d+ of 40/);
  // The indicator stays visible while the user looks at another tool.
  await app.selectTool('echo');
  await expect(page.getByText('Calling slow_task')).toBeVisible();
  await app.selectTool('slow_task');

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toBeHidden();
  await expect(app.trace.getByRole('button', { name: /^notifications\/cancelled, sent/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Call history' })).toContainText('Cancelled');
});

test('a call that outlives the timeout is timed out and cancelled', async ({ page }) => {
  const app = await openDemo(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('spinbutton', { name: /Call timeout in seconds/ }).fill('1');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await app.selectTool('slow_task');
  await app.setArgumentsJson('{"steps": 1, "delayMs": 4000}');
  await app.callTool();
  await expect(page.getByRole('list', { name: 'Call history' })).toContainText('Timed out');
  await expect(app.trace.getByRole('button', { name: /^notifications\/cancelled, sent/ })).toBeVisible();
});

test('the demo’s MCP App: weather_card’s View draws the card, and its Refresh calls get_weather through approval', async ({
  page,
}) => {
  const app = await openDemo(page);
  await app.selectTool('weather_card');
  await app.setArgumentsJson('{"city": "Lisbon", "units": "celsius"}');
  await app.callTool();
  await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
  const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
  const card = view.getByRole('group', { name: 'Weather card' });
  await expect(card).toContainText('Lisbon');
  await expect(card).toContainText(/-?\d+\.\d°C/);
  await card.getByRole('button', { name: 'Refresh' }).click();
  // The View's call is the user's to approve, marked as the View's.
  await expect(app.approvalDialog).toContainText('get_weather');
  await expect(app.approvalDialog).toContainText("an MCP App's View");
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toContainText('Refreshed at');
  // The View's frames are in the trace, and none of them reads as the start of another connection.
  await expect(app.trace.getByRole('button', { name: /View → host/ }).first()).toBeVisible();
  await expect(app.trace.getByText('new connection', { exact: true })).toHaveCount(0);

  // ui/download-file: the host asks, then saves the file the View handed over.
  await card.getByRole('button', { name: 'Save as JSON' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Download from the View' });
  await expect(ask).toContainText('weather-lisbon.json');
  const download = page.waitForEvent('download');
  await ask.getByRole('button', { name: 'Download', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('weather-lisbon.json');
  await expect(card).toContainText('Saved weather-lisbon.json');
});
