import { test, expect, type Locator } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The page's words and small layout items, checked from outside on the built-in demo server: what a healthy
// connect shows in the trace, how a protocol error and Settings are laid out, and what the Checks, Server log and
// Share dialog say. One page, one connection; the checks share it.

const served = serveToolscope([]);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

test('a healthy connect, a protocol error, Settings, Checks, the Server log and the Share dialog read plainly', async ({
  page,
}) => {
  test.slow(); // several panes and dialogs on one connection
  await page.setViewportSize({ width: 1280, height: 800 });
  const app = new ToolscopePage(page);
  await app.open(served.cli.url);
  await app.expectConnected();

  // The Arguments field, disabled while connected (so its own tooltip never shows), has its whole value as the
  // tooltip of its label.
  const args = page.getByRole('textbox', { name: 'Arguments' });
  await expect(args).toBeDisabled();
  await expect(page.locator('label', { has: args })).toHaveAttribute('title', await args.inputValue());

  // A healthy connect is one grey setup row; opened, no row of Auto's setup says "error" (an expected -32601
  // reads "ping: not supported (expected in 2026-07-28)").
  await app.trace.getByRole('button', { name: /^Setup: / }).click();
  await expect(app.trace.getByRole('button', { name: /^tools\/list, sent/ }).first()).toBeVisible();
  await expect(
    app.trace.getByRole('button', { name: /^(no |error )|→ error \((Auto's|server)/ }),
  ).toHaveCount(0);

  // The approval dialog reads the display name and the name apart.
  await app.selectTool('fail_with_protocol_error');
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog).toContainText('Fail with a protocol error fail_with_protocol_error');
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();

  // A protocol error: code, message and data first; what the code means waits behind one click.
  await expect(app.result).toContainText('JSON-RPC error -32602 · Invalid params');
  await expect(app.result.getByText('data', { exact: true })).toBeVisible();
  const meaning = app.result.getByText('What does -32602 mean?');
  await expect(meaning).toBeVisible();
  await expect(app.result.getByRole('note')).toHaveCount(0);
  await meaning.click();
  await expect(app.result.getByRole('note').first()).toBeVisible();
  // The data comes before the explanation.
  expect((await box(app.result.getByText('data', { exact: true }))).y).toBeLessThan((await box(meaning)).y);

  // Settings: the inputs line up in one column; the theme is there too.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const timeout = await box(settings.getByRole('spinbutton', { name: /Call timeout in seconds/ }));
  const longest = await box(settings.getByRole('spinbutton', { name: /Longest call in seconds/ }));
  expect(Math.abs(timeout.x - longest.x)).toBeLessThanOrEqual(1);
  const theme = settings.getByRole('combobox', { name: 'Theme' });
  await theme.selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await theme.selectOption('light');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await settings.getByRole('button', { name: 'Close' }).click();

  // Checks: "Run checks" stays on one line beside its description.
  await page.getByRole('tab', { name: 'Checks' }).click();
  const run = page.getByRole('button', { name: 'Run checks' });
  const runBox = await box(run);
  const lineHeight = await run.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect(runBox.height).toBeLessThan(lineHeight * 2);

  // The Server log says whether logging works, in one sentence.
  await page.getByRole('tab', { name: 'Server log' }).click();
  await expect(page.getByRole('region', { name: 'Server log' })).toContainText(
    "Logging works: the server's log messages show here",
  );

  // Share: the link, its copy button and one line; the rest behind "What is shared?".
  await page.getByRole('button', { name: 'Share recording' }).click();
  const share = page.getByRole('dialog', { name: 'Share recording' });
  await expect(share.getByRole('textbox', { name: 'Share link' })).toHaveValue(/\/share\//);
  await expect(share.getByRole('button', { name: 'Copy share link' })).toBeVisible();
  await expect(share.getByText('Secrets are never stored.')).toBeVisible();
  await expect(share.getByText(/^There is no “Include secrets” here/)).toBeHidden();
  await share.getByText('What is shared?').click();
  await expect(share.getByText(/^There is no “Include secrets” here/)).toBeVisible();
  await share.getByRole('button', { name: 'Close' }).click();
});
