import { test, expect } from '@playwright/test';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// Our own hostile View (test/fixtures/escaping-app-server.ts) tries every way out of its sandbox; each fails,
// and the page keeps working. Run in both protocol eras, since the extension is declared in both.
const { serve } = toolscopePerTest();
const fixture = [process.execPath, '--import', 'tsx', 'test/fixtures/escaping-app-server.ts'];

for (const era of ['legacy', 'modern'] as const) {
  test(`a View that tries to escape fails at every attempt, and the page keeps working (${era} era)`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const cli = await serve(['--era', era, '--', ...fixture]);
    const app = new ToolscopePage(page);
    await app.open(cli.url);
    await app.expectConnected();
    const pageUrl = page.url();
    await expect(page.getByRole('form', { name: 'Connection' })).toContainText(
      era === 'modern' ? '2026-07-28' : '2025-11-25',
    );
    await app.selectTool('escape');
    await app.callTool();
    const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
    await expect(view.getByText('flood: sent')).toBeVisible();
    for (const attempt of [
      'parent document',
      'top document',
      'storage',
      'cookies',
      'fetch undeclared',
      'popup',
    ])
      await expect(view.getByText(`${attempt}: blocked`)).toBeVisible();
    await expect(view.getByText('initialize: ok')).toBeVisible();
    await expect(view.getByText(/call app-invisible tool: refused: .*not visible to apps/)).toBeVisible();
    await expect(view.getByText(/ESCAPED/)).toHaveCount(0);
    // The proxy never let the View pose as itself: the View's page is still the fixture's.
    await expect(view.getByText('pwned')).toHaveCount(0);

    // Nothing reached the user: no approval asked for the model-only tool, no popup, the page where it was.
    await expect(app.approvalDialog).toHaveCount(0);
    expect(page.url()).toBe(pageUrl);
    expect(page.context().pages()).toHaveLength(1);
    await expect(app.result.getByRole('list', { name: 'From the View' })).toContainText(
      /tools\/call secret refused/,
    );

    // Malformed messages and the flood are refused and logged in the trace.
    await app.trace.getByRole('combobox', { name: 'Direction' }).selectOption({ label: 'View → host' });
    await app.trace.getByRole('checkbox', { name: 'Errors only' }).check();
    await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('too many messages');
    await expect(app.trace.getByRole('button', { name: /View → host/ }).first()).toBeVisible();

    // The page still works: another call goes through.
    await app.selectTool('escape');
    await app.callTool();
    await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();

    if (era === 'modern') return; // The permission consent does not depend on the era: checked once.
    // A View that asks for permissions is loaded only after the user answers, and gets only what was granted.
    await app.selectTool('permissions');
    await app.callTool();
    const prompt = app.result.getByRole('alertdialog', { name: 'Permissions for the View' });
    await expect(prompt.getByRole('list', { name: 'Permissions asked for' })).toHaveText(
      /Camera\s*Write to the clipboard/,
    );
    await expect(prompt).toContainText('never granted: usb');
    await expect(app.result.locator('iframe[title="MCP App View"]')).toHaveCount(0);
    await prompt.getByRole('button', { name: 'Allow' }).click();
    const sandbox = app.result.locator('iframe[title="MCP App View"]');
    await expect(sandbox).toHaveAttribute('allow', 'camera; clipboard-write');
    const granted = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
    await expect(granted.getByText('camera: allowed')).toBeVisible();
    await expect(granted.getByText('clipboard-write: allowed')).toBeVisible();
    await expect(granted.getByText('microphone: not allowed')).toBeVisible();
    await expect(granted.getByText('usb: not allowed')).toBeVisible();
    // Remembered for the connection: the next call's View loads without asking.
    await app.callTool();
    await expect(sandbox).toHaveAttribute('allow', 'camera; clipboard-write');
    await expect(prompt).toHaveCount(0);
  });
}
