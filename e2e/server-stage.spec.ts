import { test, expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope, everythingOverStdio } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope(everythingOverStdio());
/** Where the screenshots of each kind on the stage go, light and dark, to be looked at. */
const SHOTS = process.env.TOOLSCOPE_SHOTS ?? 'test-results/screens/stage';
mkdirSync(SHOTS, { recursive: true });

/** Takes the page light and dark. */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SHOTS}/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The element lies right of the left column: it shows in the centre pane, not in the list. */
async function expectInCentre(page: Page, element: Locator) {
  const column = await page.getByRole('tablist', { name: 'Server features' }).boundingBox();
  const box = await element.boundingBox();
  expect(box!.x).toBeGreaterThan(column!.x + column!.width);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  test(`every kind opens on the stage at ${viewport.width}x${viewport.height}: tool, resource, template, prompt, chat`, async ({
    page,
  }) => {
    const size = `${viewport.width}x${viewport.height}`;
    await page.setViewportSize(viewport);
    const app = new ToolscopePage(page);
    await app.open(toolscope.cli.url);
    await app.expectConnected();
    const tabs = page.getByRole('tablist', { name: 'Server features' });
    for (const name of ['Tools', 'Resources', 'Prompts', 'Chat'])
      await expect(tabs.getByRole('tab', { name, exact: true })).toBeInViewport({ ratio: 1 });

    // A tool: its form on the stage.
    await app.selectTool('echo');
    await expectInCentre(page, app.toolPanel);
    await shoot(page, `tool-${size}`);

    // A resource: picked in the list, read on the stage, a call in History.
    await tabs.getByRole('tab', { name: 'Resources' }).click();
    const resources = page.getByRole('list', { name: 'Resources' });
    await resources.getByRole('button', { name: /architecture\.md/ }).click();
    await page.getByRole('button', { name: 'Read resource' }).click();
    const contents = page.getByRole('region', { name: 'Resource contents' });
    await expect(contents).toContainText('Architecture');
    await expect(contents.getByText('OK', { exact: true })).toBeVisible();
    await expectInCentre(page, contents);
    await expect(app.trace.getByRole('button', { name: /^resources\/read, sent/ })).toBeVisible();
    await shoot(page, `resource-${size}`);

    // A template: one field per variable, Enter reads the expanded URI.
    await page
      .getByRole('list', { name: 'Resource templates' })
      .getByRole('button', { name: /Dynamic Text/ })
      .click();
    const resourceId = page.getByRole('combobox', { name: 'resourceId' });
    await resourceId.fill('4');
    await expect(page.getByRole('region', { name: 'Resource template', exact: true })).toContainText(
      'demo://resource/dynamic/text/4',
    );
    await resourceId.press('Enter');
    await expect(contents).toContainText('Resource 4: This is a plaintext resource');
    await shoot(page, `template-${size}`);

    // A prompt: completions as options, the second field's asked with the first's value.
    await tabs.getByRole('tab', { name: 'Prompts' }).click();
    await page
      .getByRole('list', { name: 'Prompts' })
      .getByRole('button', { name: /Team Management/ })
      .click();
    await page.getByRole('combobox', { name: 'department' }).fill('E');
    await page.getByRole('option', { name: 'Engineering' }).click();
    await expect(page.getByRole('combobox', { name: 'department' })).toHaveValue('Engineering');
    await page.getByRole('combobox', { name: 'name' }).click();
    const leaders = page.getByRole('listbox', { name: 'Suggestions for name' }).getByRole('option');
    await expect(leaders).toHaveText(['Alice', 'Bob', 'Charlie']);
    await expect(page.getByText('3 of 3')).toBeVisible();
    await shoot(page, `prompt-completion-${size}`);
    await page.getByRole('option', { name: 'Bob' }).click();
    await page.getByRole('button', { name: 'Get prompt' }).click();
    const messages = page.getByRole('region', { name: 'Prompt messages' });
    await expect(messages).toContainText('Please promote Bob to the head of the Engineering team.');
    await expectInCentre(page, messages);
    await shoot(page, `prompt-${size}`);

    // History shows the read and the get as calls; picking the read opens it on its stage again.
    const history = await app.openHistory();
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await history.getByRole('button', { name: /architecture\.md/ }).click();
    await expect(tabs.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
    await expect(contents).toContainText('Architecture');

    // "Use in Chat": the chat on the stage, its message box whole and wide.
    await tabs.getByRole('tab', { name: 'Prompts' }).click();
    await page.getByRole('button', { name: 'Use in Chat' }).click();
    await expect(tabs.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
    const message = page.getByRole('textbox', { name: 'Message' });
    await expect(message).toHaveValue('Please promote Bob to the head of the Engineering team.');
    await expect(message).toBeInViewport({ ratio: 1 });
    expect((await message.boundingBox())!.width).toBeGreaterThanOrEqual(500);
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
    await expectInCentre(page, page.getByRole('log', { name: 'Transcript' }));
    await shoot(page, `chat-${size}`);

    // Back on Tools, the tool is still open.
    await tabs.getByRole('tab', { name: 'Tools' }).click();
    await expect(app.toolPanel).toContainText('echo');
  });
}

test('subscribing to a resource shows its updates live, and unsubscribing ends them', async ({ page }) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await page.getByRole('tab', { name: 'Resources' }).click();
  await page
    .getByRole('list', { name: 'Resources' })
    .getByRole('button', { name: /features\.md/ })
    .click();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Subscribed' })).toBeVisible();
  // server-everything sends updates once its simulation is switched on (every 5 s after the first).
  await page.getByRole('tab', { name: 'Tools' }).click();
  await app.selectTool('toggle-subscriber-updates');
  await app.callTool();
  await expect(app.result.getByText('OK', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Resources' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Updated \d+ times?/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Resources' })).toContainText(/\d+ updates?/);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(app.trace.getByRole('button', { name: /^resources\/unsubscribe, sent/ })).toBeVisible();
});
