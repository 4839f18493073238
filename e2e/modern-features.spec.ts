import { test, expect } from '@playwright/test';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The modern era in the page, against the demo under Auto (2026-07-28): a task of the tasks extension
// polled to its result, multi round-trip calls shown as one exchange, the remembered era verdict.

const { serve } = toolscopePerTest();

async function openDemo(page: import('@playwright/test').Page): Promise<ToolscopePage> {
  const cli = await serve([]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await expect(page.getByRole('form', { name: 'Connection' })).toContainText('2026-07-28');
  // The demo declares tools.listChanged: the page listens for it on a subscriptions/listen stream, shown in
  // the connection details (the revision chip opens them).
  await page.getByRole('button', { name: /^Connection details:/ }).click();
  const listen = page.getByRole('status', { name: 'List subscription' });
  await expect(listen).toContainText('open');
  await expect(listen).toContainText('for tools');
  await expect(listen).not.toContainText('·');
  await page.keyboard.press('Escape');
  await expect(listen).toBeHidden();
  return app;
}

test('a task of the tasks extension is polled to its result, its input given in the elicitation view', async ({
  page,
}) => {
  const app = await openDemo(page);
  await app.selectTool('long_job');
  await app.setArgumentsJson('{"steps": 2, "stepMs": 50}');
  await app.callTool();

  const form = page
    .getByRole('dialog', { name: 'Server requests' })
    .getByRole('region', { name: 'Elicitation request' });
  await expect(form).toContainText('whom is it for?');
  await form.getByRole('textbox', { name: /Name/ }).fill('Grace');
  await form.getByRole('button', { name: 'Accept' }).click();

  await expect(app.result).toContainText('Hello Grace: finished 2 steps');
  await page.getByRole('tab', { name: 'Tasks' }).click();
  const tasks = page.getByRole('list', { name: 'Tasks' });
  await expect(tasks).toContainText('long_job');
  await expect(tasks).toContainText('completed');
  await expect(tasks).toContainText('poll 200 ms');
  await expect(app.trace.getByRole('button', { name: /^tasks\/update, sent/ })).toBeVisible();
});

test('a multi round-trip call answered in the page is one exchange in the trace and the history', async ({
  page,
}) => {
  const app = await openDemo(page);
  await app.selectTool('confirm_deploy');
  await app.callTool();
  const form = page
    .getByRole('dialog', { name: 'Server requests' })
    .getByRole('region', { name: 'Elicitation request' });
  await expect(form).toContainText('Deploy 1.2.3 to staging?');
  await form.getByRole('checkbox').first().check();
  await form.getByRole('button', { name: 'Accept' }).click();
  await expect(app.result).toContainText('Pretended to deploy 1.2.3 to staging (state deploy:staging:1.2.3)');

  // Both requests and both answers carry their place in the call ("request 1 of 2"); the history keeps one call.
  for (const request of [1, 2]) await expect(app.trace.getByText(`request ${request} of 2`)).toHaveCount(2);
  const history = await app.openHistory();
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('2 requests');
});

test('Auto knows the demo, remembers its verdict: no probe, then the verdict can be forgotten', async ({
  page,
}) => {
  const app = await openDemo(page);
  const bar = page.getByRole('form', { name: 'Connection' });
  // The bridge knows its built-in demo speaks 2026-07-28: the first connect does not probe.
  await expect(bar).toContainText('known');
  await expect(bar).toContainText(/built-in demo server: modern era \(2026-07-28\), known in advance/);

  await bar.getByRole('button', { name: /^Connection details:/ }).click();
  await bar.getByRole('button', { name: 'Forget era' }).click();
  await expect(bar).toContainText('forgotten: the next connect probes');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  await expect(bar).toContainText('probed');
  await expect(bar).toContainText(/Auto: server\/discover answered: modern era/);

  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  await expect(bar).toContainText('remembered');
  await expect(bar).toContainText(/remembered modern era \(2026-07-28/);
});
