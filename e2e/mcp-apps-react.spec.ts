import { test, expect } from '@playwright/test';
import { projectPath } from '../test/support/start-cli.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The React example server from npm: its View renders, talks to the host (ui/message shown in the View's
// panel, a link asked about first), and its own call goes through approval. Screenshots at 1280x800 of the
// View inline and full screen, light and dark, are kept in test-results for a person to look at.
const react = projectPath('node_modules/@modelcontextprotocol/server-basic-react/dist/index.js');
const served = serveToolscope(['--', process.execPath, react, '--stdio']);

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the React View works with the host (${colorScheme})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme });
    const app = new ToolscopePage(page);
    await app.open(served.cli.url);
    await app.expectConnected();
    await app.selectTool('get-time');
    await app.callTool();
    const view = page.frameLocator('iframe[title="MCP App View"]').frameLocator('iframe');
    await expect(view.getByRole('button', { name: 'Get Server Time' })).toBeVisible();
    await view.getByRole('button', { name: 'Get Server Time' }).click();
    await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(view.getByText(/\d{4}-\d{2}-\d{2}T/).first()).toBeVisible();

    await view.getByRole('button', { name: 'Send Message' }).click();
    await expect(app.result.getByRole('list', { name: 'From the View' })).toContainText('ui/message');
    // The question is a modal dialog: it moves nothing (a View's frame moved under the pointer made
    // Chromium route the click to the frame) and its safe answer has the focus.
    const sandbox = page.locator('iframe[title="MCP App View"]');
    await view.getByRole('button', { name: 'Open Link' }).scrollIntoViewIfNeeded();
    const before = await sandbox.boundingBox();
    await view.getByRole('button', { name: 'Open Link' }).click();
    const prompt = page.getByRole('alertdialog', { name: 'Open link from the View' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: "Don't open" })).toBeFocused();
    expect(await sandbox.boundingBox()).toEqual(before);
    await prompt.getByRole('button', { name: "Don't open" }).click();
    await expect(prompt).toBeHidden();
    await expect(app.result.getByRole('list', { name: 'From the View' })).toContainText('Not opened');

    await page.screenshot({ path: testInfo.outputPath(`view-inline-${colorScheme}.png`) });
    await app.result.getByRole('button', { name: 'Open view alone' }).click();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`view-fullscreen-${colorScheme}.png`) });

    // Full screen, the question shows over the View too; Escape answers no.
    await view.getByRole('button', { name: 'Open Link' }).click();
    await expect(prompt).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`view-link-question-${colorScheme}.png`) });
    await page.keyboard.press('Escape');
    await expect(prompt).toBeHidden();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    await expect(app.result.getByRole('list', { name: 'From the View' }).getByText(/Not opened/)).toHaveCount(
      2,
    );
  });
}
