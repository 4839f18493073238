import { test, expect } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';

/**
 * History, Re-run, map entries and server names, on the built-in demo server: one bridge and one page for
 * the file, at 1280x800 (the playwright config's viewport).
 */
const toolscope = serveToolscope([]);
const shared = sharedConnectedPage(() => toolscope.cli.url);

test('Re-run of another tool opens that tool with the arguments it sends', async () => {
  const { app, page } = shared;
  await app.selectTool('get_weather');
  await app.setArgumentsJson('{"city": "Lisbon"}');
  await app.callTool();
  await expect(app.result).toContainText('"temperature"');

  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "not this one"}');
  await expect(app.toolPanel.getByRole('heading', { level: 2 })).toHaveText('Echo');
  const history = await app.openHistory();
  await history
    .getByRole('listitem')
    .filter({ hasText: 'get_weather' })
    .getByRole('button', { name: 'Re-run' })
    .click();
  await expect(app.approvalDialog.getByLabel('Arguments to send')).toContainText('"city": "Lisbon"');
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  // The Tool pane and the list's highlight moved to the tool that ran, with the arguments it sent.
  await expect(app.toolPanel.getByRole('heading', { level: 2 })).toHaveText('Get weather');
  await expect(app.tool('Get weather').getByRole('button')).toHaveAttribute('aria-current', 'true');
  await app.toolPanel.getByRole('tab', { name: 'JSON', exact: true }).click();
  await expect(app.toolPanel.getByRole('textbox', { name: 'Arguments JSON' })).toContainText('Lisbon');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  // So Ctrl+Enter now calls get_weather again, not echo.
  await page.keyboard.press('Control+Enter');
  await expect(app.approvalDialog.getByLabel('Arguments to send')).toContainText('"city": "Lisbon"');
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
});

test('a map entry added in the form has an empty key, and is not sent until it has one', async () => {
  const { app } = shared;
  await app.selectTool('create_order');
  const panel = app.toolPanel;
  await panel.getByRole('tab', { name: 'Form', exact: true }).click();
  const item = panel.getByRole('group', { name: 'items #1' });
  await item.getByRole('button', { name: 'Add entry to options' }).click();
  const key = item.getByRole('textbox', { name: 'Key of entry 1' });
  await expect(key).toHaveValue('');
  await expect(key).toBeFocused();
  await item.getByRole('textbox', { name: 'Value of entry 1' }).fill('red');
  // One empty key per object: a second entry waits for the first one's key.
  await expect(item.getByRole('button', { name: 'Add entry to options' })).toBeDisabled();
  // The order's other required fields are empty too: the missing key is one of the things still to fill in.
  await expect(panel.getByText(/^Still to fill in:/).first()).toContainText(
    'items 1 › options › key of entry 1',
  );
  await panel.getByRole('tab', { name: 'JSON', exact: true }).click();
  await expect(panel.getByRole('textbox', { name: 'Arguments JSON' })).toContainText('"": "red"');
  await panel.getByRole('tab', { name: 'Form', exact: true }).click();
  await expect(key).toHaveValue('');

  await panel.getByRole('button', { name: 'Call tool' }).click();
  const sent = app.approvalDialog.getByLabel('Arguments to send');
  await expect(sent).toContainText('"options": {}');
  await expect(sent).not.toContainText('"red"');
  await expect(sent).not.toContainText('newKey');
  await expect(app.approvalDialog.getByRole('note', { name: 'Input schema' })).toContainText(
    'items 1 › options: entry 1 has no key (it is not sent)',
  );
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();

  await key.fill('color');
  await key.blur();
  await expect(item.getByRole('group', { name: 'Entry 1' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Remove entry 1' })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Add entry to options' })).toBeEnabled();
  await panel.getByRole('button', { name: 'Call tool' }).click();
  await expect(sent).toContainText('"color": "red"');
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
});

test('the Result says whose result it shows, and History and the tool survive a reload', async () => {
  const { app, page } = shared;
  await app.selectTool('echo');
  await expect(app.result).toContainText('No result for this tool yet: each tool shows its own last result.');
  await app.selectTool('get_weather');
  await expect(app.result).toContainText('last result of this tool');
  const history = await app.openHistory();
  const before = await history.getByRole('listitem').count();
  expect(before).toBeGreaterThanOrEqual(3);

  await page.reload();
  await app.expectConnected();
  await expect(app.toolPanel.getByRole('heading', { level: 2 })).toHaveText('Get weather');
  await expect(app.tool('Get weather').getByRole('button')).toHaveAttribute('aria-current', 'true');
  await expect((await app.openHistory()).getByRole('listitem')).toHaveCount(before);
  await expect(app.result.getByRole('note')).toHaveText('from the previous connection');
  // A restored call runs again like any other.
  await history
    .getByRole('listitem')
    .filter({ hasText: 'get_weather' })
    .first()
    .getByRole('button', { name: 'Re-run' })
    .click();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(before + 1);
  await expect(app.result.getByRole('note')).toHaveCount(0);
});

test('the server is named by its title and version, its command in grey', async () => {
  const { app, page } = shared;
  const title = 'Toolscope demo server 1.0.0';
  await app.selectTool('echo');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const server = app.approvalDialog.getByTitle(/demo-server/);
  await expect(server).toContainText(title);
  await expect(server).toContainText(/node .*demo-server/);
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('checkbox', { name: /Trust this server’s annotations/ })).toBeVisible();
  await expect(
    settings.getByRole('checkbox', { name: /Trust this server’s annotations/ }),
  ).toHaveAccessibleName(new RegExp(`${title}`));
  await settings.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Share recording' }).click();
  const share = page.getByRole('dialog', { name: 'Share recording' });
  await expect(share.getByText(/^Stored as/)).toContainText(title);
  await share.getByRole('button', { name: 'Close' }).click();

  // The page names the recording of its connection after the server once the server has said who it is.
  await page.getByRole('button', { name: 'Recordings' }).click();
  const recordings = page.getByRole('dialog', { name: 'Recordings' });
  const row = recordings
    .getByRole('list', { name: 'Recordings' })
    .getByRole('listitem', { name: title })
    .first();
  await expect(row).toContainText(/node .*demo-server/);
  await row.getByRole('button', { name: 'Open replay' }).click();
  const banner = page.getByRole('note', { name: 'Replay' });
  await expect(banner).toContainText(title);
  // The command is the tooltip of the server's name, since the banner's line may cut it.
  await expect(banner.locator('[title]').filter({ hasText: title })).toHaveAttribute(
    'title',
    /node .*demo-server/,
  );
  await page.getByRole('button', { name: 'Close replay' }).click();
  await app.expectConnected();
});
