import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

// Legacy era: under Auto the probe's expected -32601 would be one more error frame to filter.
const toolscope = serveToolscope([
  '--era',
  'legacy',
  '--',
  process.execPath,
  '--import',
  'tsx',
  'test/fixtures/fault-server.ts',
]);

test('the trace pairs, filters, shows bad lines with their start, pauses and shows a frame', async ({
  page,
}) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await app.selectTool('garbage');
  await app.callTool();
  await expect(app.result).toContainText('after garbage');

  const trace = app.trace;
  // The row shows the start of the line itself, not only that it was not JSON.
  const badRow = trace.getByRole('button', { name: /^Not JSON: this is not json, received/ });
  await expect(badRow).toBeVisible();
  await expect(badRow).toContainText('Not JSON: this is not json');
  await badRow.click();
  await expect(trace.getByRole('group', { name: 'Frame detail' })).toContainText('this is not json');

  await trace.getByRole('checkbox', { name: 'Errors only' }).check();
  await expect(trace.getByRole('list', { name: 'Frames' }).getByRole('listitem')).toHaveCount(1);
  await trace.getByRole('checkbox', { name: 'Errors only' }).uncheck();

  await trace.getByRole('combobox', { name: 'Method' }).selectOption('tools/call');
  await expect(trace.getByRole('list', { name: 'Frames' }).getByRole('listitem')).toHaveCount(1);
  await trace.getByRole('combobox', { name: 'Method' }).selectOption('');

  await trace.getByRole('searchbox', { name: 'Filter trace' }).fill('after garbage');
  const frames = trace.getByRole('list', { name: 'Frames' }).getByRole('listitem');
  await expect(frames).toHaveCount(1);
  await frames.getByRole('button').click();
  await expect(trace.getByRole('group', { name: 'Frame detail' })).toContainText('at the bridge');
  await trace.getByRole('button', { name: 'Go to request' }).click();
  await expect(trace.getByRole('group', { name: 'Frame detail' })).toContainText('"method": "tools/call"');
  await trace.getByRole('searchbox', { name: 'Filter trace' }).fill('');

  await trace.getByRole('button', { name: 'Pause' }).click();
  const countBefore = await trace.getByRole('list', { name: 'Frames' }).getByRole('listitem').count();
  await app.selectTool('echo');
  await app.callTool();
  await expect(app.result).toContainText('OK');
  await expect(trace.getByRole('list', { name: 'Frames' }).getByRole('listitem')).toHaveCount(countBefore);
  await trace.getByRole('button', { name: 'Resume' }).click();
  await expect(trace.getByRole('list', { name: 'Frames' }).getByRole('listitem')).toHaveCount(
    countBefore + 2,
  );
  await page.screenshot({ path: 'test-results/screens/trace.png' });
  // Long frame labels must not widen the page: usable at 1280x800 without horizontal scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
