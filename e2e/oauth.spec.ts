import { test, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { startOAuthFixture, type OAuthFixture } from '../test/fixtures/oauth-fixture.ts';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// `toolscope --url <protected server>` signs in through the browser. The authorization
// server (oidc-provider, in this process, one for the file) approves at once, so the tab the "Sign in"
// link opens lands on the bridge's /oauth/callback by itself, and the page goes on to "Connected".
// Each test starts its own Toolscope, so each registers and signs in afresh.

let fixture: OAuthFixture;
const { serve } = toolscopePerTest();

test.beforeAll(async () => {
  fixture = await startOAuthFixture();
});
test.afterAll(async () => {
  await fixture.close();
});

/** Clicks `link` (a "Sign in"), waits for the tab it opens to say "Signed in", and closes that tab. */
async function signInThrough(context: BrowserContext, link: Locator): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  return tab;
}

test('a protected server: Sign in, the callback tab, then Connected with the tools; the OAuth debugger shows the steps', async ({
  page,
  context,
}) => {
  const cli = await serve(['--url', fixture.mcpUrl]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);

  const signIn = page.getByRole('link', { name: 'Sign in' });
  await expect(signIn).toBeVisible();
  const callback = await signInThrough(context, signIn);
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

// A step-up in the page against oidc-provider as set up for dynamic registration, which holds the
// registered client to its first scopes: the call's Result asks for the wider scope with its own
// Sign in; one click, and the tab goes through the refusal, the new registration and the new
// authorization by itself; the call answers. The OAuth debugger says what happened.

test('a call that needs a wider scope: "Sign in to grant" in its Result, one click, and the call answers', async ({
  page,
  context,
}) => {
  const cli = await serve(['--url', fixture.mcpUrl]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  await (await signInThrough(context, page.getByRole('link', { name: 'Sign in' }))).close();
  await app.expectConnected();

  await app.selectTool('admin');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const approval = page.getByRole('dialog', { name: 'Approve tool call' });
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(app.result).toContainText('Sign in to grant mcp:admin');
  await (await signInThrough(context, app.result.getByRole('link', { name: 'Sign in' }))).close();
  await expect(app.result).toContainText('admin ok');
  await app.expectConnected();

  await page.getByRole('button', { name: /OAuth/ }).click();
  const dialog = page.getByRole('dialog', { name: 'OAuth' });
  await expect(
    dialog.getByRole('cell', { name: /registering again for .*mcp:admin.* and asking once more/ }),
  ).toBeVisible();
  await expect(dialog.getByText('Waiting for you to sign in in the browser')).toHaveCount(0);
  // No token in what the page holds: the fixture saw every one the connection used.
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  const shown = (await dialog.textContent()) ?? '';
  for (const token of new Set(fixture.tokensSeen)) {
    expect(stored).not.toContain(token);
    expect(shown).not.toContain(token);
  }
});
