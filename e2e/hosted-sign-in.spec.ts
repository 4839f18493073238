import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { tokenDigest } from '../server/hosted/auth/token-directory.ts';
import { startServe, type ServeProcess } from '../test/support/start-serve.ts';

const TOKEN = 'e2e-hosted-token-0123456789abcdef';

let serve: ServeProcess;
let folder: string;
test.beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'toolscope-e2e-hosted-'));
  const config = path.join(folder, 'team.json');
  writeFileSync(
    config,
    JSON.stringify({
      version: 1,
      auth: { tokens: [{ user: 'alice', sha256: tokenDigest(TOKEN) }] },
      store: { dataDir: path.join(folder, 'data') },
    }),
  );
  serve = await startServe(['--config', config, '--port', '0']);
});
test.afterAll(async () => {
  await serve?.stop();
  rmSync(folder, { recursive: true, force: true });
});

test.describe('hosted sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a wrong token is refused; the right one sets an HttpOnly, SameSite=Strict cookie and returns to the page', async ({
    page,
    context,
  }) => {
    await page.goto(`${serve.url}signin?next=%2Fshare%2Fsome-link`);
    await page.getByRole('textbox', { name: 'Access token' }).fill('not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That token is not valid. Check it with your admin.');
    await page.getByRole('textbox', { name: 'Access token' }).fill(TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/share\/some-link$/);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: 'toolscope-session', httpOnly: true, sameSite: 'Strict' });

    await page.goto(`${serve.url}signin`);
    await expect(page.getByRole('heading', { name: 'Signed in as alice' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('textbox', { name: 'Access token' })).toBeVisible();
    expect(await context.cookies()).toEqual([]);
  });
});

test('the page loads under the Content-Security-Policy without a violation', async ({ page }) => {
  // The browser reports each blocked script, eval or style as an event (not always in the console).
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.log(`CSP violation: ${event.violatedDirective} at ${event.sourceFile}:${event.lineNumber}`),
    ),
  );
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(serve.url);
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'( 'unsafe-eval')?;/);
  // Without credentials the page sends the browser to the sign-in page, and back once signed in.
  await expect(page).toHaveURL(/\/signin\?next=%2F$/);
  await page.getByRole('textbox', { name: 'Access token' }).fill(TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as alice')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Catalog server' })).toBeVisible();
  expect(violations).toEqual([]);
});
