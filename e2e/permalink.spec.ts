import { test, expect } from '@playwright/test';
import { ToolscopePage } from './helpers/toolscope-page.ts';
import { serveToolscope } from './helpers/serve-toolscope.ts';

const toolscope = serveToolscope([]);

test('a copied link carries connection, tool and arguments but no secrets, and asks before connecting', async ({
  page,
  browser,
}) => {
  const app = new ToolscopePage(page);
  await app.open(toolscope.cli.url);
  await app.expectConnected();
  await app.reconnectWithEnvironment('API_KEY=hunter2-secret');
  await app.selectTool('echo');
  await app.setArgumentsJson('{"message": "from a link \\"quoted\\""}');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page).toHaveURL(/#link=/);
  const link = page.url();
  expect(decodeURIComponent(link)).not.toContain('hunter2');
  expect(decodeURIComponent(link)).toContain('API_KEY');
  expect(link).not.toContain(toolscope.cli.token);

  // A teammate opens it in a fresh browser (with their own access token).
  const other = await browser.newContext();
  const teammate = await other.newPage();
  const hash = new URL(link).hash;
  await teammate.goto(`${toolscope.cli.origin}/?token=${toolscope.cli.token}${hash}`);
  const theirs = new ToolscopePage(teammate);
  await expect(teammate.getByRole('note', { name: 'Shared link' })).toContainText('echo');
  await expect(theirs.status).toHaveText('Disconnected');
  await expect(teammate.getByRole('textbox', { name: 'Arguments', exact: true })).toHaveValue(
    /demo-server\.(ts|js)/,
  );
  // The banner sits under the connection line (Connect does not move) and goes for good with the first connect.
  const connect = teammate.getByRole('button', { name: 'Connect' });
  const before = (await connect.boundingBox())!;
  await connect.click();
  await theirs.expectConnected();
  await expect(teammate.getByRole('region', { name: 'Tool', exact: true })).toContainText('echo');
  await theirs.callTool();
  await expect(theirs.result).toContainText('from a link "quoted"');
  await teammate.getByRole('button', { name: 'Disconnect' }).click();
  await expect(theirs.status).toHaveText('Disconnected');
  await expect(teammate.getByRole('note', { name: 'Shared link' })).toHaveCount(0);
  const after = (await connect.boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(4);
  await other.close();
});
