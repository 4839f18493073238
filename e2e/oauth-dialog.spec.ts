import { test, expect } from '@playwright/test';
import { PRE_REGISTERED, startOAuthFixture, type OAuthFixture } from '../test/fixtures/oauth-fixture.ts';
import { freePort } from '../test/support/free-port.ts';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// A user who knows their server has no registration opens the OAuth dialog before any
// attempt, enters the pre-registered client, turns guided mode on and steps through the sign-in
// with "Next step" until "Connected".

let fixture: OAuthFixture;
let port: number;
const { serve } = toolscopePerTest();

test.beforeAll(async () => {
  port = await freePort();
  fixture = await startOAuthFixture({ redirectUris: [`http://127.0.0.1:${port}/oauth/callback`] });
});
test.afterAll(async () => {
  await fixture.close();
});

test('the pre-registered client before the first attempt, then guided mode step by step to Connected', async ({
  page,
  context,
}) => {
  const cli = await serve(['--port', String(port)]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await app.expectConnected();
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('combobox', { name: 'Transport' }).selectOption('Streamable HTTP');
  await page.getByRole('textbox', { name: 'URL' }).fill(fixture.mcpUrl);

  // Before any attempt, from the connection options: the OAuth dialog holds the client form.
  await expect(page.getByRole('button', { name: /OAuth/ })).toBeHidden();
  await page.getByRole('button', { name: 'Options' }).click();
  await page.getByRole('button', { name: /OAuth/ }).click();
  const dialog = page.getByRole('dialog', { name: 'OAuth' });
  const client = dialog.getByRole('group', { name: 'Pre-registered client' });
  await client.getByRole('textbox', { name: 'Client ID' }).fill(PRE_REGISTERED.clientId);
  await client.getByLabel('Client secret').fill(PRE_REGISTERED.clientSecret);
  await client
    .getByRole('combobox', { name: 'Token endpoint auth method' })
    .selectOption('client_secret_basic');
  await dialog.getByRole('checkbox', { name: /Guided mode/ }).check();
  await client.getByRole('button', { name: 'Use this client' }).click();

  // Guided: each request waits for "Next step" until the browser sign-in, then again up to Connected.
  // The dialog covers the connection bar, so the sign-in it waits for has its own link in it.
  const next = dialog.getByRole('button', { name: 'Next step' });
  const signIn = dialog.getByRole('link', { name: 'Sign in' });
  for (let step = 0; step < 10 && !(await signIn.isVisible()); step++) {
    await expect(next.or(signIn).first()).toBeVisible();
    if (await next.isVisible()) await next.click();
  }
  const [callback] = await Promise.all([context.waitForEvent('page'), signIn.click()]);
  await expect(callback.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await callback.close();
  await page.keyboard.press('Escape');
  const oauth = page.getByRole('button', { name: /OAuth/ });
  const connected = async () => (await app.status.innerText()).trim() === 'Connected';
  for (let step = 0; step < 10 && !(await connected()); step++) {
    await expect(
      oauth.getByText('paused').or(app.status.getByText('Connected', { exact: true })),
    ).toBeVisible();
    if (await connected()) break;
    await oauth.click();
    await next.click();
    await page.keyboard.press('Escape');
  }
  await app.expectConnected();
  await expect(app.tool('whoami')).toBeVisible();
  // The token request went with the pre-registered client, not a registered one.
  expect(fixture.registrations).toHaveLength(0);
  expect(fixture.grants).toContain('authorization_code');
});
