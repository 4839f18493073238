import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startHostedEchoHttp } from '../test/support/hosted-echo-http.ts';
import { startServe, type ServeProcess } from '../test/support/start-serve.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

/*
 * The parts of hosted mode's connection bar that depend on the config: an HTTP catalog entry whose
 * users give their own header value, and a URL of the user's own when the admin enables them.
 */
let serve: ServeProcess;
let echo: Awaited<ReturnType<typeof startHostedEchoHttp>>;
let folder: string;

test.beforeAll(async () => {
  echo = await startHostedEchoHttp();
  folder = mkdtempSync(path.join(tmpdir(), 'toolscope-e2e-hosted-parts-'));
  const config = path.join(folder, 'team.json');
  writeFileSync(
    config,
    JSON.stringify({
      version: 1,
      auth: { trustedHeader: { name: 'X-Forwarded-User', from: ['127.0.0.1/32'] } },
      catalog: {
        mcpServers: {
          'team-api': { url: echo.url, userHeaders: ['Authorization'], description: 'The team API' },
        },
      },
      userUrls: { enabled: true, allow: ['127.0.0.1/32'] },
      store: { dataDir: path.join(folder, 'data') },
    }),
  );
  serve = await startServe(['--config', config, '--port', '0']);
});
test.afterAll(async () => {
  await serve?.stop();
  await echo?.stop();
  rmSync(folder, { recursive: true, force: true });
});

test.use({ extraHTTPHeaders: { 'X-Forwarded-User': 'dana' } });

test("a user's own header value reaches the catalog server; a URL of their own is offered when enabled", async ({
  page,
}) => {
  const app = new ToolscopePage(page);
  await page.goto(serve.url);
  const picker = page.getByRole('combobox', { name: 'Catalog server' });
  await expect(picker.getByRole('option')).toHaveText(['team-api', 'A URL of my own…']);
  await expect(page.getByText('The team API')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveCount(0);

  await page.getByLabel('Your Authorization header').fill('Bearer dana-own-token');
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  await app.selectTool('headers');
  await app.callTool();
  await expect(app.result).toContainText('Bearer dana-own-token');
  await page.getByRole('button', { name: 'Disconnect' }).click();

  await picker.selectOption('A URL of my own…');
  await expect(page.getByLabel('Your Authorization header')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Command' })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'URL' }).fill(echo.url);
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  await expect(app.tool('echo')).toBeVisible();
});
