import { test, expect } from '@playwright/test';
import { startCli, type CliProcess } from '../test/support/start-cli.ts';
import { freePort } from '../test/support/free-port.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

let cli: CliProcess | undefined;
test.afterAll(async () => {
  await cli?.stop();
});

test('when the bridge restarts, the page says so, reconnects by itself and keeps its history', async ({
  page,
}) => {
  const port = await freePort();
  const flags = ['--port', String(port), '--token', 'restart-test-token-123456'];
  cli = await startCli(flags);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await app.selectTool('ping_time');
  await app.callTool();
  await expect(app.result).toContainText('OK');

  await cli.stop();
  await expect(page.getByRole('alert').filter({ hasText: 'The bridge went away' })).toContainText(
    'reconnecting',
  );
  cli = await startCli(flags);
  await app.expectConnected();
  await expect(page.getByRole('list', { name: 'Call history' }).getByRole('listitem')).toHaveCount(1);
  await app.callTool();
  await expect(page.getByRole('list', { name: 'Call history' }).getByRole('listitem')).toHaveCount(2);
});
