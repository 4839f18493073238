import { readFile, writeFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

/** Exports through the "Export session" dialog, where "Include secrets" lives (unticked on every opening). */
async function exportSession(page: Page, path: string, { includeSecrets = false } = {}): Promise<string> {
  await page.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('button', { name: 'Export session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export session' });
  const secrets = dialog.getByRole('checkbox', { name: 'Include secrets' });
  if (await page.getByRole('note', { name: 'Replay' }).isVisible()) await expect(secrets).toHaveCount(0);
  else {
    await expect(secrets).not.toBeChecked();
    if (includeSecrets) await secrets.check();
  }
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save file' }).click();
  await (await download).saveAs(path);
  await expect(dialog).toBeHidden();
  return readFile(path, 'utf8');
}

test('export, import as a read-only replay, and export again loses nothing; secrets stay out', async ({
  page,
}, info) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await app.reconnectWithEnvironment('API_KEY=hunter2-secret');
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "keep me"}');
  await app.callTool();
  await expect(app.result).toContainText('keep me');

  const first = await exportSession(page, info.outputPath('first.json'));
  expect(first).not.toContain('hunter2');
  expect(first).toContain('API_KEY');
  expect(first).not.toContain(toolscope.cli.token);
  const frames = (JSON.parse(first) as { frames: unknown[] }).frames.length;

  await page.getByLabel('Session file').setInputFiles(info.outputPath('first.json'));
  await expect(page.getByRole('note', { name: 'Replay' })).toContainText(`${frames} frames`);
  await expect(page.getByRole('button', { name: 'Call tool' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Call history' })).toContainText('echo');
  await expect(app.result).toContainText('keep me');
  await expect(app.trace.getByRole('button', { name: /^tools\/call, sent/ })).toBeVisible();
  const second = await exportSession(page, info.outputPath('second.json'));
  expect(second).toBe(first);

  await page.getByRole('button', { name: 'Close replay' }).click();
  await app.expectConnected();
  // The choice is made in the dialog; the header has no such checkbox.
  await expect(page.getByRole('banner').getByRole('checkbox', { name: 'Include secrets' })).toHaveCount(0);
  const withSecrets = await exportSession(page, info.outputPath('with-secrets.json'), {
    includeSecrets: true,
  });
  expect(withSecrets).toContain('hunter2-secret');
  // Ticked once is not ticked for good: the next export leaves secrets out again.
  expect(await exportSession(page, info.outputPath('again.json'))).not.toContain('hunter2');
});

test('a bad or truncated file gets a clear error and changes nothing', async ({ page }, info) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  const good = await exportSession(page, info.outputPath('good.json'));
  await writeFile(info.outputPath('truncated.json'), good.slice(0, Math.floor(good.length / 2)));
  await page.getByLabel('Session file').setInputFiles(info.outputPath('truncated.json'));
  await expect(page.getByRole('alert').filter({ hasText: 'truncated.json' })).toContainText(
    'broken or truncated',
  );
  await expect(page.getByRole('note', { name: 'Replay' })).toHaveCount(0);
  await app.expectConnected();
  await writeFile(info.outputPath('other.json'), '{"hello": "world"}');
  await page.getByLabel('Session file').setInputFiles(info.outputPath('other.json'));
  await expect(page.getByRole('alert').filter({ hasText: 'other.json' })).toContainText(
    'Not a Toolscope session file',
  );
  await expect(app.toolList.getByRole('listitem').first()).toBeVisible();
});
