import { test, expect } from '@playwright/test';
import { startOAuthFixture, type OAuthFixture } from '../test/fixtures/oauth-fixture.ts';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// A step-up in the page against oidc-provider as set up for dynamic registration, which holds the
// registered client to its first scopes: the call's Result asks for the wider scope with its own
// Sign in; one click, and the tab goes through the refusal, the new registration and the new
// authorization by itself; the call answers. The OAuth debugger says what happened.

let fixture: OAuthFixture;
const { serve } = toolscopePerTest();

test.beforeAll(async () => {
  fixture = await startOAuthFixture();
});
test.afterAll(async () => {
  await fixture.close();
});

test('a call that needs a wider scope: "Sign in to grant" in its Result, one click, and the call answers', async ({
  page,
  context,
}) => {
  const cli = await serve(['--url', fixture.mcpUrl]);
  const app = new ToolscopePage(page);
  await app.open(cli.url);
  const [first] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'Sign in' }).click(),
  ]);
  await expect(first.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await first.close();
  await app.expectConnected();

  await app.selectTool('admin');
  await page.getByRole('button', { name: 'Call tool' }).click();
  const approval = page.getByRole('dialog', { name: 'Approve tool call' });
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(app.result).toContainText('Sign in to grant mcp:admin');
  const [grant] = await Promise.all([
    context.waitForEvent('page'),
    app.result.getByRole('link', { name: 'Sign in' }).click(),
  ]);
  await expect(grant.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await grant.close();
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
