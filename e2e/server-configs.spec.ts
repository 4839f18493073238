import { readFile, writeFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { projectPath } from '../test/support/start-cli.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

test('imports a Claude Desktop config, loads a server into the form, connects, and exports it without secrets', async ({
  page,
}, testInfo) => {
  const demoArgs = ['--import', 'tsx', 'server/demo/demo-server.ts'];
  const demo = {
    command: process.execPath,
    args: demoArgs,
    cwd: projectPath(),
    env: { DEMO_SECRET: 'hunter2' },
  };
  const configPath = testInfo.outputPath('claude_desktop_config.json');
  await writeFile(configPath, JSON.stringify({ mcpServers: { demo, broken: { args: ['x'] } } }));

  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(app.status).toHaveText('Disconnected');

  await page.getByRole('button', { name: 'Servers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Servers' });
  await dialog.getByLabel('Config file').setInputFiles(configPath);
  await expect(dialog.getByRole('list', { name: 'Found servers' })).toContainText('demo');
  await expect(dialog.getByRole('list', { name: 'Found servers' })).toContainText(/demo-server\.(ts|js)/);
  await expect(dialog.getByRole('list', { name: 'Import problems' })).toContainText('broken');
  await dialog.getByRole('button', { name: 'Add 1 server' }).click();
  const saved = dialog.getByRole('list', { name: 'Saved servers' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Load demo' }).click();
  await expect(dialog).toBeHidden();

  // Loading fills the form but leaves connecting to the user.
  await expect(page.getByRole('textbox', { name: 'Command' })).toHaveValue(process.execPath);
  await expect(page.getByRole('textbox', { name: 'Arguments', exact: true })).toHaveValue(/demo-server\.ts/);
  await expect(app.status).toHaveText('Disconnected');
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();

  await page.getByRole('button', { name: 'Servers' }).click();
  await dialog.getByRole('combobox', { name: 'Export format' }).selectOption({ label: 'VS Code' });
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('mcp.json');
  const bytes = await readFile(await download.path());
  const expected = {
    servers: {
      demo: {
        type: 'stdio',
        command: process.execPath,
        args: demoArgs,
        env: { DEMO_SECRET: '' },
        cwd: projectPath(),
      },
    },
  };
  expect(bytes.toString('utf8')).toBe(`${JSON.stringify(expected, null, 2)}\n`);
  expect(bytes.toString('utf8')).not.toContain('hunter2');

  // Secret values appear only when asked for.
  await dialog.getByRole('checkbox', { name: 'Include secrets' }).check();
  await expect(dialog.getByRole('textbox', { name: 'Exported config' })).toHaveValue(/hunter2/);
});

test('pasted VS Code settings report unusable entries, and saved servers can be renamed and deleted', async ({
  page,
}) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  const settings = {
    mcp: {
      servers: {
        remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } },
        badUrl: { type: 'sse', url: 'not a url' },
        empty: {},
      },
    },
  };
  await page.getByRole('button', { name: 'Servers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Servers' });
  await dialog.getByRole('textbox', { name: 'Paste config' }).fill(JSON.stringify(settings));
  await dialog.getByRole('button', { name: 'Read config' }).click();
  await expect(dialog.getByRole('list', { name: 'Found servers' })).toContainText(
    'https://mcp.example.com/mcp',
  );
  const problems = dialog.getByRole('list', { name: 'Import problems' }).getByRole('listitem');
  await expect(problems).toHaveCount(2);
  await expect(problems.first()).toContainText('badUrl');
  await dialog.getByRole('button', { name: 'Add 1 server' }).click();

  // Connected: the form is locked, so loading waits for a disconnect.
  await expect(dialog.getByRole('button', { name: 'Load remote' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Rename remote' }).click();
  await dialog.getByRole('textbox', { name: 'New name for remote' }).fill('prod');
  await dialog.getByRole('textbox', { name: 'New name for remote' }).press('Enter');
  const saved = dialog.getByRole('list', { name: 'Saved servers' });
  await expect(saved).toContainText('prod');
  await page.reload();
  await page.getByRole('button', { name: 'Servers' }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Delete prod' }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(0);
});
