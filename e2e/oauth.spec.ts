import { test, expect } from '@playwright/test';
import { startOAuthFixture, type OAuthFixture } from '../test/fixtures/oauth-fixture.ts';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// `toolscope --url <protected server>` signs in through the browser. The authorization
// server (oidc-provider, in this process) approves at once, so the tab the "Sign in" link opens
// lands on the bridge's /oauth/callback by itself, and the page goes on to "Connected".

let fixture: OAuthFixture;
const { serve } = toolscopePerTest();

test.beforeAll(async () => {
  fixture = await startOAuthFixture();
});
test.afterAll(async () => {
  await fixture.close();
});

test('a protected server: Sign in, the callback tab, then Connected with the tools; the OAuth debugger shows the steps', async ({
  page,
  context,
}) => {
  const cli = await serve(['--url', fixture.mcpUrl]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);

  const signIn = page.getByRole('link', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  const [callback] = await Promise.all([context.waitForEvent('page'), signIn.click()]);
  await expect(callback.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  expect(new URL(callback.url()).pathname).toBe('/oauth/callback');
  await callback.close();

  await app.expectConnected();
  await expect(app.tool('whoami')).toBeVisible();
  await expect(signIn).toHaveCount(0);

  await page.getByRole('button', { name: /OAuth/ }).click();
  const dialog = page.getByRole('dialog', { name: 'OAuth' });
  const rows = dialog.getByRole('row');
  const row = (label: string) =>
    rows.filter({ has: page.getByRole('cell', { name: label, exact: true }) }).first();
  for (const label of [
    'Protected resource metadata',
    'Authorization server metadata',
    'Client registration',
    'Authorize',
    'Callback',
    'Token',
    'Signed in',
  ])
    await expect(row(label)).toBeVisible();
  await expect(row('Protected resource metadata')).toContainText('/.well-known/oauth-protected-resource/mcp');
  await expect(row('Token')).toContainText('200');
  // The debugger shows no token: the fixture saw every one the page's connection used.
  const text = (await dialog.textContent()) ?? '';
  for (const token of fixture.tokensSeen) expect(text).not.toContain(token);

  // Clear tokens: the connection (and the tokens in its memory) ends.
  await dialog.getByRole('button', { name: 'Clear tokens' }).click();
  await expect(app.status).toHaveText('Disconnected');
});
