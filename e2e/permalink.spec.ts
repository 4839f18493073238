import { test, expect } from '@playwright/test';
import { startCli, type CliProcess } from '../server/testing/start-cli.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

let cli: CliProcess;
test.beforeAll(async () => {
  cli = await startCli([]);
});
test.afterAll(async () => {
  await cli?.stop();
});

test('a copied link carries connection, tool and arguments but no secrets, and asks before connecting', async ({
  page,
  browser,
}) => {
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('textbox', { name: /Environment/ }).fill('API_KEY=hunter2-secret');
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "from a link \\"quoted\\""}');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page).toHaveURL(/#link=/);
  const link = page.url();
  expect(decodeURIComponent(link)).not.toContain('hunter2');
  expect(decodeURIComponent(link)).toContain('API_KEY');
  expect(link).not.toContain(cli.token);

  // A teammate opens it in a fresh browser (with their own access token).
  const other = await browser.newContext();
  const teammate = await other.newPage();
  const hash = new URL(link).hash;
  await teammate.goto(`${cli.origin}/?token=${cli.token}${hash}`);
  const theirs = new ToolscopePage(teammate);
  await expect(teammate.getByRole('note', { name: 'Shared link' })).toContainText('echo');
  await expect(theirs.status).toHaveText('Disconnected');
  await expect(teammate.getByRole('textbox', { name: 'Arguments', exact: true })).toHaveValue(
    /demo-server\.ts/,
  );
  await teammate.getByRole('button', { name: 'Connect' }).click();
  await theirs.expectConnected();
  await expect(teammate.getByRole('region', { name: 'Tool', exact: true })).toContainText('echo');
  await theirs.callTool();
  await expect(theirs.result).toContainText('from a link "quoted"');
  await other.close();
});
