import { readFile, writeFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

async function openDemo(page: Page): Promise<ToolscopePage> {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  return app;
}

async function openSavedTab(page: Page) {
  await page.getByRole('tab', { name: 'Saved' }).click();
  return page.getByRole('list', { name: 'Saved requests' });
}

/** Calls echo once and saves that call from the history as `name` in `group`. */
async function saveEchoCall(app: ToolscopePage, message: string, name: string, group: string): Promise<void> {
  const { page } = app;
  await app.selectTool('echo');
  await app.setArgumentsJson(JSON.stringify({ message }));
  await app.callTool();
  await expect(app.result).toContainText(message);
  await page.getByRole('tab', { name: 'History' }).click();
  await page
    .getByRole('list', { name: 'Call history' })
    .getByRole('button', { name: 'Save', exact: true })
    .first()
    .click();
  const form = page.getByRole('form', { name: 'Save request' });
  await form.getByRole('textbox', { name: 'Request name' }).fill(name);
  await form.getByRole('textbox', { name: 'Group (optional)' }).fill(group);
  await form.getByRole('button', { name: 'Save request' }).click();
}

test('a saved request survives a reload and re-runs from the Saved tab', async ({ page }) => {
  const app = await openDemo(page);
  await saveEchoCall(app, 'kept', 'Say kept', 'Greetings');

  await page.reload();
  await app.expectConnected();
  const saved = await openSavedTab(page);
  const entry = saved.getByRole('listitem', { name: 'Say kept' });
  await expect(saved.getByRole('listitem', { name: 'Greetings' })).toContainText('Say kept');
  await entry.getByRole('button', { name: 'Run' }).click();
  await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(app.result).toContainText('kept');

  await entry.getByRole('button', { name: 'Rename' }).click();
  await entry.getByRole('textbox', { name: 'New name' }).fill('Say it again');
  await entry.getByRole('button', { name: 'Done' }).click();
  await expect(saved.getByRole('listitem', { name: 'Say it again' })).toBeVisible();
  await saved.getByRole('listitem', { name: 'Say it again' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved requests yet')).toBeVisible();
});

test('saved requests export to a file and import back; bad files are reported', async ({
  page,
}, testInfo) => {
  const app = await openDemo(page);
  await saveEchoCall(app, 'exported', 'Export me', '');
  const saved = await openSavedTab(page);
  await expect(saved.getByRole('listitem', { name: 'Export me' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export saved' }).click();
  const exportedPath = testInfo.outputPath('saved.json');
  await (await downloading).saveAs(exportedPath);
  const exported = JSON.parse(await readFile(exportedPath, 'utf8')) as {
    format: string;
    requests: unknown[];
  };
  expect(exported.format).toBe('toolscope-saved-requests');
  expect(exported.requests).toHaveLength(1);

  const fileInput = page.getByLabel('Saved requests file');
  await fileInput.setInputFiles(exportedPath);
  await expect(page.getByText('Imported 0, skipped 1 already saved.')).toBeVisible();

  await saved.getByRole('listitem', { name: 'Export me' }).getByRole('button', { name: 'Delete' }).click();
  await fileInput.setInputFiles(exportedPath);
  await expect(page.getByText('Imported 1, skipped 0 already saved.')).toBeVisible();
  await expect(saved.getByRole('listitem', { name: 'Export me' })).toBeVisible();

  const badPath = testInfo.outputPath('bad.json');
  await writeFile(badPath, '{"format": "something-else"}');
  await fileInput.setInputFiles(badPath);
  await expect(page.getByRole('alert')).toContainText('not a Toolscope saved-requests file');
});

test('the current tool saves from the Saved tab, loads into the editor, and a missing tool is reported', async ({
  page,
}, testInfo) => {
  const app = await openDemo(page);
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "drafted"}');
  const saved = await openSavedTab(page);
  await page.getByRole('button', { name: 'Save current request' }).click();
  await page.getByRole('textbox', { name: 'Request name' }).fill('Drafted echo');
  await page.getByRole('button', { name: 'Save request' }).click();
  const entry = saved.getByRole('listitem', { name: 'Drafted echo' });
  await expect(entry).toBeVisible();

  await app.setArgumentsJson('{"message": "changed"}');
  await entry.getByRole('button', { name: 'Load' }).click();
  await app.toolPanel.getByRole('tab', { name: 'JSON', exact: true }).click();
  await expect(app.toolPanel.getByRole('textbox', { name: 'Arguments JSON' })).toContainText('drafted');

  const missingPath = testInfo.outputPath('missing.json');
  const missing = { id: 'missing-1', name: 'Gone tool', tool: 'no_such_tool', args: {} };
  await writeFile(
    missingPath,
    JSON.stringify({ format: 'toolscope-saved-requests', version: 1, requests: [missing] }),
  );
  await page.getByLabel('Saved requests file').setInputFiles(missingPath);
  const gone = saved.getByRole('listitem', { name: 'Gone tool' });
  await gone.getByRole('button', { name: 'Run' }).click();
  await expect(gone.getByRole('alert')).toHaveText(
    'The tool "no_such_tool" is not listed on the current server.',
  );
  await expect(app.approvalDialog).toBeHidden();
});

test('a request saved in one tab appears in another open tab without a reload', async ({ page, context }) => {
  const other = await context.newPage();
  await openDemo(other);
  const otherList = await openSavedTab(other);
  const app = await openDemo(page);
  await saveEchoCall(app, 'across tabs', 'Shared between tabs', 'sync');
  await expect(otherList).toContainText('Shared between tabs');
  await other.close();
});
