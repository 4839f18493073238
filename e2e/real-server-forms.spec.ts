import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { everythingOverStdio, serveToolscope } from './helpers/serve-toolscope.ts';
import { projectPath } from '../test/support/start-cli.ts';

// server-memory keeps its graph in a file: a throwaway one, never the package's own folder.
const memoryDir = mkdtempSync(path.join(tmpdir(), 'toolscope-memory-'));
test.afterAll(() => rmSync(memoryDir, { recursive: true, force: true }));
const memory = serveToolscope([
  '--',
  '/usr/bin/env',
  `MEMORY_FILE_PATH=${path.join(memoryDir, 'memory.jsonl')}`,
  process.execPath,
  projectPath('node_modules/@modelcontextprotocol/server-memory/dist/index.js'),
]);
const everything = serveToolscope(everythingOverStdio());

// server-memory answers with the entities it did not have yet: each test names its own.
const entities = (tag: string) => ({
  entities: [
    { name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first program', 'born 1815'] },
    { name: `Analytical Engine ${tag}`, entityType: 'machine', observations: ['designed by Babbage'] },
  ],
});

async function open(page: Page, url: string, tool: string): Promise<ToolscopePage> {
  const app = new ToolscopePage(page);
  await app.open(url);
  await app.expectConnected();
  await app.selectTool(tool);
  await expect(app.toolPanel.getByRole('tab', { name: 'JSON', exact: true })).toBeVisible();
  return app;
}

/** The page fits the window: no horizontal scrolling, the call button in view. */
async function expectUsable(page: Page, app: ToolscopePage, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await expect(app.toolPanel.getByRole('button', { name: 'Call tool' })).toBeInViewport();
}

test('the approval dialog says when the arguments break the input schema (server-memory create_entities)', async ({
  page,
}) => {
  const app = await open(page, memory.cli.url, 'create_entities');
  await app.setArgumentsJson('{"entities": [{"name": "Ada", "entityType": "person"}]}');
  // The form's own list names the problem first; the dialog must say the same.
  await expect(app.toolPanel).toContainText('Still to fill in: entities 1 › observations');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const notice = app.approvalDialog.getByRole('note', { name: 'Input schema' });
  await expect(notice).toContainText('break the tool’s input schema: 1 problem');
  await expect(notice).toContainText('entities 1 › observations: is required');
  await page.screenshot({ path: 'test-results/screens/approval-schema-notice.png' });
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();

  // Arguments that fit: no notice.
  await app.setArgumentsJson(JSON.stringify(entities('approval')));
  await page.getByRole('button', { name: 'Call tool' }).click();
  await expect(app.approvalDialog.getByLabel('Arguments to send')).toContainText('Analytical Engine');
  await expect(app.approvalDialog.getByRole('note', { name: 'Input schema' })).toHaveCount(0);
  await app.approvalDialog.getByRole('button', { name: 'Deny' }).click();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const size = `${viewport.width}x${viewport.height}`;
    test(`complex forms from real servers at ${size}, ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/screens/${name}-${size}-${colorScheme}.png` });

      const app = await open(page, memory.cli.url, 'create_entities');
      await app.setArgumentsJson(JSON.stringify(entities(`${size} ${colorScheme}`)));
      await app.toolPanel.getByRole('tab', { name: 'Form', exact: true }).click();
      await expect(app.toolPanel.getByRole('textbox', { name: /name/i }).first()).toHaveValue('Ada Lovelace');
      await expectUsable(page, app, viewport.width);
      await shot('memory-create-entities-form');
      await page.getByRole('button', { name: 'Call tool' }).click();
      await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
      await expect(app.result).toContainText(`Analytical Engine ${size} ${colorScheme}`);
      await expectUsable(page, app, viewport.width);
      await shot('memory-create-entities-result');

      const everythingApp = await open(page, everything.cli.url, 'get-structured-content');
      await everythingApp.toolPanel.getByRole('combobox', { name: /location/i }).selectOption('Chicago');
      await expectUsable(page, everythingApp, viewport.width);
      await page.getByRole('button', { name: 'Call tool' }).click();
      await everythingApp.approvalDialog.getByRole('button', { name: 'Approve' }).click();
      await expect(everythingApp.result).toContainText('temperature');
      await shot('everything-structured-result');

      await everythingApp.selectTool('simulate-research-query');
      await expect(everythingApp.toolPanel.getByRole('tab', { name: 'Form', exact: true })).toBeVisible();
      await expectUsable(page, everythingApp, viewport.width);
      await shot('everything-task-form');
    });
  }
}
