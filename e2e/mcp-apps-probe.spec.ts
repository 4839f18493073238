import { test, expect, type Page } from '@playwright/test';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The host as a View's developer meets it, driven by our probe View (test/fixtures/app-probe-server.ts), which
// writes what it sees into its own page: calls sent at once, resources, refused requests, the page's theme
// and the host controls reaching it, its console and CSP violations under it, Reload view reading the
// resource again (with one answer to the new View's ui/initialize), closing at its own request, the watch.
const served = serveToolscope([
  '--',
  process.execPath,
  '--import',
  'tsx',
  'test/fixtures/app-probe-server.ts',
]);

async function openProbe(page: Page) {
  const app = new ToolscopePage(page);
  await app.open(served.cli.url);
  await app.expectConnected();
  await app.selectTool('probe');
  await app.callTool();
  const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
  await expect(view.getByText('initialize: ok')).toBeVisible();
  await expect(view.getByText('tool-result received')).toBeVisible();
  return { app, view };
}

/** Approves the View's calls one dialog after the other. */
async function approve(app: ToolscopePage, times: number) {
  for (let i = 0; i < times; i++) {
    await expect(app.approvalDialog).toBeVisible();
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  }
}

test('calls sent at once are both answered, resources list, and a refused request gets an error reply', async ({
  page,
}) => {
  const { app, view } = await openProbe(page);
  await expect(view.getByText('resources offered: yes')).toBeVisible();
  await view.getByRole('button', { name: 'Two calls' }).click();
  await expect(app.approvalDialog.getByRole('status')).toHaveText(/1 more call waits/);
  await approve(app, 2);
  await expect(view.getByText('call 1: ok')).toBeVisible();
  await expect(view.getByText('call 2: ok')).toBeVisible();

  await view.getByRole('button', { name: 'List resources' }).click();
  await expect(view.getByText(/^resources: .*probe:\/\/notes/)).toBeVisible();

  await view.getByRole('button', { name: 'Too big' }).click();
  await expect(view.getByText(/^too big: error -32600 Refused by the host: too large/)).toBeVisible();
  await expect(app.approvalDialog).toHaveCount(0);
});

test('the View’s console and CSP violations show under it, with the _meta.ui.csp field to declare', async ({
  page,
}) => {
  const { app, view } = await openProbe(page);
  const console = app.result.getByRole('region', { name: 'View console' });
  await view.getByRole('button', { name: 'Log' }).click();
  await expect(console.getByRole('list', { name: 'Console' })).toContainText('probe says hello');
  await expect(console.getByRole('list', { name: 'Console' })).toContainText('probe failed on purpose');

  await view.getByRole('button', { name: 'Fetch undeclared' }).click();
  await expect(view.getByText('fetch: blocked')).toBeVisible();
  const violation = console.getByRole('listitem').filter({ hasText: 'https://blocked.example/probe' });
  await expect(violation).toContainText('Content Security Policy: connect-src');
  await expect(violation).toContainText('_meta.ui.csp.connectDomains');

  await view.getByRole('button', { name: 'Eval' }).click();
  await expect(view.getByText('eval: blocked')).toBeVisible();
  await expect(console.getByRole('listitem').filter({ hasText: 'blocked eval' })).toContainText(
    "'unsafe-eval'",
  );
  // Relaxed like the reference host, the View loads again under the wider policy, and eval runs.
  await app.result.getByText('Host controls', { exact: true }).click();
  await app.result
    .getByRole('combobox', { name: 'CSP' })
    .selectOption({ label: 'Relaxed like the reference host' });
  await expect(view.getByText('initialize: ok')).toBeVisible();
  await view.getByRole('button', { name: 'Eval' }).click();
  await expect(view.getByText('eval: 2')).toBeVisible();
  await app.result.getByRole('button', { name: 'Reset host' }).click();
});

test('the page’s Theme and the host controls reach the View as host-context-changed', async ({ page }) => {
  // A light page on a dark system: the View follows the page, not prefers-color-scheme.
  await page.emulateMedia({ colorScheme: 'dark' });
  const { app, view } = await openProbe(page);
  await expect(view.getByText('theme: dark')).toHaveCount(1);
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  await expect(view.getByText('theme: light')).toBeVisible();
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await page.keyboard.press('Escape');
  await expect(view.getByText('theme: dark')).toHaveCount(2);
  await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('host-context-changed');
  await expect(
    app.trace.getByRole('button', { name: /^ui\/notifications\/host-context-changed, host → View/ }).first(),
  ).toBeVisible();

  await app.result.getByText('Host controls', { exact: true }).click();
  await app.result.getByRole('combobox', { name: 'Container size' }).selectOption({ label: 'Phone 390×844' });
  await expect(view.getByText('container: {"width":390,"maxHeight":844}')).toBeVisible();
  await app.result.getByRole('combobox', { name: 'Locale' }).fill('de-DE');
  await expect(view.getByText('locale: de-DE')).toBeVisible();
  await app.result.getByRole('spinbutton', { name: 'Inset top' }).fill('47');
  await expect(view.getByText('insets: {"top":47,"right":0,"bottom":0,"left":0}')).toBeVisible();
  await app.result
    .getByRole('combobox', { name: 'Display mode' })
    .selectOption({ label: 'Picture in picture' });
  await expect(view.getByText('displayMode: pip')).toBeVisible();
  await page.getByRole('button', { name: 'Back inline' }).click();
  await expect(view.getByText('displayMode: inline')).toHaveCount(2);
  await app.result.getByRole('button', { name: 'Reset host' }).click();
  await expect(view.getByText('locale: en-US')).toHaveCount(2);
});

test('Reload view reads the resource again and the new View’s ui/initialize is answered once', async ({
  page,
}) => {
  const { app, view } = await openProbe(page);
  await expect(view.getByRole('heading', { name: 'Probe view, version 1' })).toBeVisible();
  await view.getByRole('button', { name: 'Rebuild' }).click();
  await approve(app, 1);
  await expect(view.getByText('rebuild: ok')).toBeVisible();
  await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('resources/read');
  const reads = await app.trace.getByRole('button', { name: /^resources\/read, sent/ }).count();

  await app.result.getByRole('button', { name: 'Reload view' }).click();
  await expect(view.getByRole('heading', { name: /^Probe view, version [2-9]$/ })).toBeVisible();
  await expect(app.trace.getByRole('button', { name: /^resources\/read, sent/ })).toHaveCount(reads + 1);
  await expect(view.getByText('initialize: ok')).toBeVisible();
  await expect(view.getByText('initialize answered')).toHaveCount(1);
  await expect(view.getByText('tool-input: {}')).toHaveCount(1);
  // The old View was asked to tear down, and its answer (after saving) came before it was removed.
  await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('ui/resource-teardown');
  await expect(app.trace.getByRole('button', { name: /^ui\/resource-teardown, host → View/ })).toHaveCount(1);
  await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('saved state');
  await expect(app.trace.getByRole('button', { name: /^notifications\/message, View → host/ })).toHaveCount(
    1,
  );

  // The watch reads it again by itself when the server says it changed.
  await app.result.getByText('Host controls', { exact: true }).click();
  await app.result.getByRole('checkbox', { name: 'Watch resource' }).check();
  const before = (await view.getByRole('heading').textContent()) ?? '';
  await view.getByRole('button', { name: 'Rebuild' }).click();
  await approve(app, 1);
  await expect(view.getByRole('heading')).not.toHaveText(before);
  await app.result.getByRole('checkbox', { name: 'Watch resource' }).uncheck();
});

test('a View that asks to be closed is torn down, and Reload view opens it again', async ({ page }) => {
  const { app, view } = await openProbe(page);
  await view.getByRole('button', { name: 'Ask to close' }).click();
  await expect(app.result.getByRole('status').filter({ hasText: 'asked to be closed' })).toBeVisible();
  await expect(app.result.locator('iframe[title="MCP App View"]')).toHaveCount(0);
  await app.result.getByRole('button', { name: 'Reload view' }).click();
  await expect(view.getByText('initialize: ok')).toBeVisible();
});
