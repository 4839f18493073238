import { test, expect, type Locator } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { sharedConnectedPage } from './helpers/shared-page.ts';

// The Tool pane, the form and the approval, on one
// connected page of the built-in demo server.

const served = serveToolscope([]);
const shared = sharedConnectedPage(() => served.cli.url);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

test('a call adds no line to the Tool pane; Cancel and a full-width progress sit in the Result', async () => {
  const { app, page } = shared;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.selectTool('slow_task');
  // A first, short call gives the tool a result, so the Result pane keeps its size during the next one.
  await app.setArgumentsJson('{"steps": 1, "delayMs": 10}');
  await app.callTool();
  await expect(app.result).toContainText('OK');
  const callButton = app.toolPanel.getByRole('button', { name: 'Call tool' });
  // The arguments check shares the Call tool line: its text sits within the button's height.
  const check = app.toolPanel.getByText('Arguments match the input schema');
  await expect(check).toBeVisible();
  const before = await box(callButton);
  const checkBox = await box(check);
  expect(checkBox.y).toBeGreaterThanOrEqual(before.y);
  expect(checkBox.y + checkBox.height).toBeLessThanOrEqual(before.y + before.height);

  // 60 s of steps: the call still runs while the page is measured, however slow the machine is.
  await app.setArgumentsJson('{"steps": 40, "delayMs": 1500}');
  await app.callTool();
  const progress = app.result.getByRole('progressbar', { name: 'Call progress' });
  await expect(progress).toHaveAttribute('aria-valuetext', /Step \d+ of 40/);
  await expect(app.toolPanel.getByText('Running… progress in Result')).toBeVisible();
  // Nothing moved in the Tool pane: the form above Call tool kept its height.
  expect(await box(callButton)).toEqual(before);
  // The progress takes the pane's width, and the one Cancel on the page is beside it.
  const result = await box(app.result);
  expect((await box(progress)).width).toBeGreaterThan(result.width * 0.6);
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
  const cancel = app.result.getByRole('button', { name: 'Cancel' });
  expect(Math.abs((await box(cancel)).y - (await box(progress)).y)).toBeLessThan(40);

  // With an earlier call in the Result, the running call's Cancel moves to the Call tool line.
  const history = await app.openHistory();
  await history.getByRole('listitem').filter({ hasText: 'OK' }).first().getByRole('button').first().click();
  await expect(app.result.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
  await app.toolPanel.getByRole('button', { name: 'Cancel' }).click();
  await expect(history).toContainText('Cancelled');
  await expect(app.toolPanel.getByText(/Running…/)).toHaveCount(0);
  expect(await box(callButton)).toEqual(before);
});

test('a new map entry reads grey until named; its value box says "value"; the disabled Add entry says why', async () => {
  const { app } = shared;
  await app.selectTool('create_order');
  const panel = app.toolPanel;
  await panel.getByRole('tab', { name: 'Form', exact: true }).click();
  const item = panel.getByRole('group', { name: 'items #1' });
  await item.getByRole('button', { name: 'Add entry to options' }).click();
  await expect(item.getByRole('textbox', { name: 'Value of entry 1' })).toHaveAttribute(
    'placeholder',
    'value',
  );
  const add = item.getByRole('button', { name: 'Add entry to options' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription('Name entry 1 first');
  await expect(item.getByText('Name entry 1 first')).toBeVisible();
  // The missing key is said in the grey of "Still to fill in", not in red.
  const color = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).color);
  const noKey = item.getByText('entry 1 has no key (it is not sent)');
  await expect(noKey).toBeVisible();
  expect(await color(noKey)).toBe(await color(panel.getByText(/^Still to fill in:/).first()));
  await item.getByRole('button', { name: 'Remove entry 1' }).click();
});

test('the Arguments label wraps between its parts at 1280, whole, with the whole text as tooltip', async () => {
  const { app, page } = shared;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.selectTool('get_weather');
  const label = app.toolPanel.getByText(/^JSON Schema [\w-]+ · \S.*$/);
  await expect(label).toBeVisible();
  await expect(label).toHaveAttribute('title', /^JSON Schema [\w-]+ · \S.*: the JSON Schema dialect/);
  // No part of it is cut: every part is as wide as its text, and inside the Tool pane.
  const cut = await label.evaluate(
    (el) => [...el.querySelectorAll('span')].filter((part) => part.scrollWidth > part.clientWidth + 1).length,
  );
  expect(cut).toBe(0);
  const pane = await box(app.toolPanel);
  const drawn = await box(label);
  expect(drawn.x + drawn.width).toBeLessThanOrEqual(pane.x + pane.width);
});

test('the approval: arguments up to 60% of the window at 1920, and Approve has the focus', async () => {
  const { app, page } = shared;
  await page.setViewportSize({ width: 1920, height: 1080 });
  await app.selectTool('echo');
  // About 50 lines of JSON: more than a fixed 288 px box would hold.
  const lines = Array.from({ length: 48 }, (_, i) => `line ${i + 1}`);
  await app.setArgumentsJson(JSON.stringify({ message: 'long', extra: lines }));
  await app.toolPanel.getByRole('button', { name: 'Call tool' }).click();
  const dialog = app.approvalDialog;
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeFocused();
  const sent = dialog.getByLabel('Arguments to send');
  await expect(sent).toContainText('line 48');
  const height = (await box(sent)).height;
  expect(height).toBeGreaterThan(500);
  expect(height).toBeLessThanOrEqual(1080 * 0.6 + 1);
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeInViewport({ ratio: 1 });
  await dialog.getByRole('button', { name: 'Deny' }).click();

  // At 1280x800 the box gives way so that Approve stays in the window.
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.toolPanel.getByRole('button', { name: 'Call tool' }).click();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeInViewport({ ratio: 1 });
  await dialog.getByRole('button', { name: 'Deny' }).click();
});

test("a View's call opens the approval with the focus on Approve, as the user's own calls do", async () => {
  const { app, page } = shared;
  await app.selectTool('weather_card');
  await app.setArgumentsJson('{"city": "Porto", "units": "celsius"}');
  await app.callTool();
  const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
  const card = view.getByRole('group', { name: 'Weather card' });
  await expect(card).toContainText('Porto');
  await card.getByRole('button', { name: 'Refresh' }).click();
  await expect(app.approvalDialog).toContainText("an MCP App's View");
  await expect(app.approvalDialog.getByRole('button', { name: 'Approve' })).toBeFocused();
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
});

test('after a result at 1280, "Expand form" gives the form the column and "Show result" gives it back', async () => {
  const { app, page } = shared;
  await page.setViewportSize({ width: 1280, height: 800 });
  await app.selectTool('get_weather');
  await app.setArgumentsJson('{"city": "Lisbon"}');
  await app.callTool();
  await expect(app.result).toContainText('humidity');
  const tool = await box(app.toolPanel);
  const result = await box(app.result);
  await app.toolPanel.getByRole('button', { name: 'Expand form' }).click();
  // The Result folds to its header line (still saying which call it shows); the form takes the rest.
  await expect(app.toolPanel.getByRole('button', { name: 'Show result' })).toBeVisible();
  const folded = await box(app.result);
  expect(folded.height).toBeLessThan(60);
  await expect(app.result).toContainText('get_weather');
  expect((await box(app.toolPanel)).height).toBeGreaterThan(tool.height + result.height - 80);
  await app.toolPanel.getByRole('button', { name: 'Show result' }).click();
  expect(await box(app.result)).toEqual(result);
  expect(await box(app.toolPanel)).toEqual(tool);

  // A new call folds the form back, so its answer is never hidden behind it.
  await app.toolPanel.getByRole('button', { name: 'Expand form' }).click();
  await expect(app.toolPanel.getByRole('button', { name: 'Show result' })).toBeVisible();
  await app.callTool();
  await expect(app.toolPanel.getByRole('button', { name: 'Expand form' })).toBeVisible();
  expect(await box(app.result)).toEqual(result);
});
