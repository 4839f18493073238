import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { startScenario, type ConformanceScenario } from '../test/support/conformance-scenario.ts';
import { toolscopePerTest } from './helpers/serve-toolscope.ts';
import { ToolscopePage } from './helpers/toolscope-page.ts';

// The page against the official conformance suite's protected scenario servers (their
// authorization servers approve by themselves): one click on "Sign in" per grant, then the tools
// are listed; a step-up is asked for in the call's Result. The suite's access tokens
// ("test-token-…") appear in none of page storage, the recordings store or an export; only in the
// single-user token file, which is 0600. The suite needs Node 22+: Node 24 comes from
// $TOOLSCOPE_NODE24_BIN or the CI cache, installed there like `.ci/run` does when missing.

const { serve } = toolscopePerTest();
let scenario: ConformanceScenario | undefined;

test.afterEach(async () => {
  await scenario?.stop();
  scenario = undefined;
});

/** Clicks a Sign in link and waits for the tab it opens to land on the bridge's "Signed in". */
async function signIn(context: BrowserContext, link: ReturnType<Page['getByRole']>): Promise<void> {
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await tab.close();
}

/** Every file of the data folder but the token file, and the token file's mode and text. */
function dataFolder(dir: string): { others: string; tokenFile: { mode: number; text: string } } {
  let others = '';
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name !== 'oauth-tokens.json') others += readFileSync(file).toString('latin1');
    }
  };
  walk(dir);
  const tokenPath = path.join(dir, 'oauth-tokens.json');
  return {
    others,
    tokenFile: { mode: statSync(tokenPath).mode & 0o777, text: readFileSync(tokenPath, 'utf8') },
  };
}

for (const name of ['auth/metadata-default', 'auth/scope-step-up', 'auth/iss-supported']) {
  test(`${name}: one Sign in per grant, the tools listed, no access token outside the 0600 token file`, async ({
    page,
    context,
  }, info) => {
    test.setTimeout(240_000);
    scenario = await startScenario(name);
    const cli = await serve(['--url', scenario.url]);
    const app = new ToolscopePage(page);
    await app.open(cli.url);
    await signIn(context, page.getByRole('link', { name: 'Sign in' }));
    await app.expectConnected();
    await expect(app.toolList.getByRole('listitem').first()).toBeVisible();

    if (name === 'auth/scope-step-up') {
      await app.toolList.getByRole('listitem').first().getByRole('button').click();
      await page.getByRole('button', { name: 'Call tool' }).click();
      await app.approvalDialog.getByRole('button', { name: 'Approve' }).click();
      await expect(app.result).toContainText('Sign in to grant mcp:write');
      await signIn(context, app.result.getByRole('link', { name: 'Sign in' }));
      await expect(app.result.getByText('OK', { exact: true })).toBeVisible();
    }

    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(storage).not.toContain('test-token-');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('button', { name: 'Export session' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export session' });
    const download = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Save file' }).click();
    const exported = info.outputPath('export.json');
    await (await download).saveAs(exported);
    expect(readFileSync(exported, 'utf8')).not.toContain('test-token-');
    const { others, tokenFile } = dataFolder(cli.dataDir);
    expect(others).not.toContain('test-token-');
    expect(tokenFile.text).toContain('test-token-');
    expect(tokenFile.mode).toBe(0o600);
  });
}
