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
    await app.trace.getByRole('combobox', { name: 'Direction' }).selectOption({ label: 'view → host' });
    await app.trace.getByRole('checkbox', { name: 'Errors only' }).check();
    await app.trace.getByRole('searchbox', { name: 'Filter trace' }).fill('too many messages');
    await expect(app.trace.getByRole('button', { name: /view → host/ }).first()).toBeVisible();

    // The page still works: another call goes through.
    await app.selectTool('escape');
    await app.callTool();
    await expect(app.result.getByRole('tab', { name: 'App', selected: true })).toBeVisible();
  });
}
