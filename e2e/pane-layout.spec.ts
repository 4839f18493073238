import { test, expect, type Locator, type Page } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

async function open(page: Page): Promise<ToolscopePage> {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  return app;
}

async function valueOf(separator: Locator): Promise<number> {
  return Number(await separator.getAttribute('aria-valuenow'));
}

async function widthOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.width;
}

test('the columns resize from the keyboard, and keep their sizes across a reload', async ({ page }) => {
  const app = await open(page);
  const tools = page.getByRole('separator', { name: 'Resize the tools column' });
  await expect(tools).toHaveAttribute('aria-orientation', 'vertical');
  const toolsPanel = page.getByRole('tablist', { name: 'Server features' });
  const before = await valueOf(tools);
  const panelBefore = await widthOf(toolsPanel);

  await tools.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tools).toHaveAttribute('aria-valuenow', String(before + 16));
  await expect.poll(() => widthOf(toolsPanel)).toBe(panelBefore + 16);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(tools).toHaveAttribute('aria-valuenow', String(before + 16 + 64));
  await page.keyboard.press('End');
  await expect(tools).toHaveAttribute('aria-valuenow', (await tools.getAttribute('aria-valuemax'))!);
  await page.keyboard.press('Home');
  const smallest = Number(await tools.getAttribute('aria-valuemin'));
  await expect(tools).toHaveAttribute('aria-valuenow', String(smallest));
  await page.keyboard.press('ArrowRight');
  const chosenTools = smallest + 16;
  await expect(tools).toHaveAttribute('aria-valuenow', String(chosenTools));

  // The trace column is right of its separator: moving the separator left makes it wider.
  const trace = page.getByRole('separator', { name: 'Resize the trace column' });
  const traceBefore = await valueOf(trace);
  await trace.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(trace).toHaveAttribute('aria-valuenow', String(traceBefore + 16));

  // The trace above, calls and logs below: up grows the lower pane.
  const calls = page.getByRole('separator', { name: 'Resize calls and logs' });
  await expect(calls).toHaveAttribute('aria-orientation', 'horizontal');
  const callsBefore = await valueOf(calls);
  await calls.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(calls).toHaveAttribute('aria-valuenow', String(callsBefore + 32));

  await page.reload();
  await app.expectConnected();
  await expect(tools).toHaveAttribute('aria-valuenow', String(chosenTools));
  await expect(trace).toHaveAttribute('aria-valuenow', String(traceBefore + 16));
  await expect(calls).toHaveAttribute('aria-valuenow', String(callsBefore + 32));
  await page.screenshot({ path: 'test-results/screens/panes-resized.png' });
});

test('a separator follows a drag, and a double click gives back the default size', async ({ page }) => {
  await open(page);
  const trace = page.getByRole('separator', { name: 'Resize the trace column' });
  const before = await valueOf(trace);
  const box = (await trace.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 50, y, { steps: 5 });
  await page.mouse.up();
  await expect(trace).toHaveAttribute('aria-valuenow', String(before + 50));
  await expect(trace).toBeFocused();

  await page.reload();
  await expect(trace).toHaveAttribute('aria-valuenow', String(before + 50));
  await trace.dblclick();
  await expect(trace).toHaveAttribute('aria-valuenow', String(before));
  await page.reload();
  await expect(trace).toHaveAttribute('aria-valuenow', String(before));
});

test('the form has the middle column until there is a result; then the result pane resizes', async ({
  page,
}) => {
  const app = await open(page);
  await app.selectTool('get_weather');
  const toolPanel = app.toolPanel;
  // No result yet: a one-line result strip and no separator to move.
  await expect(page.getByRole('separator', { name: 'Resize the result' })).toHaveCount(0);
  const resultBefore = (await app.result.boundingBox())!.height;
  expect(resultBefore).toBeLessThan(60);
  const formBefore = (await toolPanel.boundingBox())!.height;

  await app.setArgumentsJson('{"city": "Paris"}');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(app.result).toContainText('temperature');
  const separator = page.getByRole('separator', { name: 'Resize the result' });
  await expect(separator).toBeVisible();
  expect((await toolPanel.boundingBox())!.height).toBeLessThan(formBefore);

  const before = await valueOf(separator);
  await separator.focus();
  await page.keyboard.press('ArrowUp');
  await expect(separator).toHaveAttribute('aria-valuenow', String(before + 16));
  await expect.poll(async () => (await app.result.boundingBox())!.height).toBeGreaterThan(before);
});
