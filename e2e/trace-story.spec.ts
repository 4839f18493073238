import { test, expect } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The trace reads like a story: the connect's setup is one
// row, replies name what they answer, a View's own messages are not called "view", and the figures say what
// they measure. One bridge on the built-in demo server (Auto).
const toolscope = serveToolscope([]);

test('setup folds into one row, replies name their request, the View and the durations are told apart', async ({
  page,
}) => {
  test.slow(); // two connects and a View on one page: more than a minute on a loaded machine
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  const trace = app.trace;
  const frames = trace.getByRole('list', { name: 'Frames' });

  // The frames before the connection was ready are one grey row, whatever they were.
  const setup = frames.getByRole('button', {
    name: /^Setup: (Auto chose 2026-07-28|2026-07-28 \((known|remembered)\)) · \d+ frames · /,
  });
  await expect(setup).toHaveAttribute('aria-expanded', 'false');
  await expect(frames.getByRole('listitem').first()).toContainText('Setup: ');
  await expect(frames.getByRole('button', { name: /^server\/discover, sent/ })).toHaveCount(0);
  // (A notification the server sends on its own after the connect was ready may follow the row.)
  const folded = await frames.getByRole('listitem').count();
  // It opens in place to every frame, as the trace showed them before, and folds again.
  await setup.click();
  await expect(setup).toHaveAttribute('aria-expanded', 'true');
  await expect(frames.getByRole('button', { name: /^server\/discover, sent/ })).toBeVisible();
  await expect(frames.getByRole('button', { name: /^tools\/list, sent/ }).first()).toBeVisible();
  const count = Number(/· (\d+) frames ·/.exec((await setup.textContent())!)![1]);
  await expect(frames.getByRole('listitem')).toHaveCount(count + folded);
  // Auto's expected refusals read as what they mean, never "no ping" or "error".
  await expect(frames.getByRole('button', { name: /^no |^error |→ error/ })).toHaveCount(0);
  await setup.click();
  await expect(frames.getByRole('listitem')).toHaveCount(folded);
  // A filter finds setup frames without opening the row.
  await trace.getByRole('searchbox', { name: 'Filter trace' }).fill('server/discover');
  await expect(frames.getByRole('button', { name: /^server\/discover, sent/ })).toBeVisible();
  await trace.getByRole('searchbox', { name: 'Filter trace' }).fill('');

  // A reply names the request it answers; its whole name is its tooltip.
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "story"}');
  await app.callTool();
  await expect(app.result).toContainText('story');
  const reply = frames.getByRole('button', { name: /^tools\/call → result #\d+, received/ }).last();
  await expect(reply).toBeVisible();
  const replyName = (await reply.getAttribute('aria-label'))!.split(',')[0]!;
  await expect(reply.getByTitle(replyName, { exact: true })).toBeVisible();
  // The trace's figure is the bridge's, the Result's is the page's, and each says so.
  await expect(reply.getByTitle(/latency at the bridge: request to reply$/)).toBeVisible();
  await reply.click();
  const detail = trace.getByRole('group', { name: 'Frame detail' });
  await expect(detail).toContainText(`${replyName}, received`);
  await expect(detail).toContainText(/\d+(\.\d)? ms at the bridge/);
  await expect(
    app.result.getByTitle(/round trip: from sending the call to its result in the page/),
  ).toBeVisible();
  // While a frame is open, new frames arriving below do not slide its row out of view,
  // so the detail never sits under another row.
  const openRow = frames.getByRole('button', { name: /^tools\/call → result #\d+, received/, pressed: true });
  await expect(openRow).toBeInViewport();
  for (let call = 0; call < 4; call++) {
    await app.setArgumentsJson(`{"message": "more ${call}"}`);
    await app.callTool();
    await expect(app.result).toContainText(`more ${call}`);
  }
  await expect(openRow).toBeInViewport();
  await expect(detail).toContainText(`${replyName}, received`);
  // A setup frame found with the filter stays in view when the filter is cleared: its row opens.
  await expect(setup).toHaveAttribute('aria-expanded', 'false');
  await trace.getByRole('searchbox', { name: 'Filter trace' }).fill('tools/list');
  await frames
    .getByRole('button', { name: /^tools\/list → result #\d+, received/ })
    .first()
    .click();
  await trace.getByRole('searchbox', { name: 'Filter trace' }).fill('');
  await detail.getByRole('button', { name: 'Go to request' }).click();
  await expect(setup).toHaveAttribute('aria-expanded', 'true');
  await expect(frames.getByRole('button', { name: /^tools\/list, sent/, pressed: true })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('a View\'s own messages are marked "View"; after a reload the trace says where the earlier frames are', async ({
  page,
}) => {
  test.slow(); // two connects and a View on one page: more than a minute on a loaded machine
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  const frames = app.trace.getByRole('list', { name: 'Frames' });

  // The View's own messages are marked "View" (View ↔ host) with their own directions, never "view".
  await app.selectTool('weather_card');
  await app.setArgumentsJson('{"city": "Porto"}');
  await app.callTool();
  await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
  const viewMessage = frames.getByRole('button', { name: /, View → host, / }).first();
  await expect(viewMessage).toBeVisible();
  await expect(viewMessage.getByTitle(/^View ↔ host: /)).toHaveText('View');
  await expect(frames.getByText('view', { exact: true })).toHaveCount(0);

  // After a reload History is back, and the trace says where the earlier frames are.
  await page.reload();
  await app.expectConnected();
  await expect(app.trace).toContainText('Frames of earlier connections are in Recordings.');
});
