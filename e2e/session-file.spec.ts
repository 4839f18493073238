import { readFile, writeFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

async function exportSession(page: Page, path: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export session' }).click();
  await (await download).saveAs(path);
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
  await page.getByRole('checkbox', { name: 'Include secrets' }).check();
  expect(await exportSession(page, info.outputPath('with-secrets.json'))).toContain('hunter2-secret');
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
