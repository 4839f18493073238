import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import { projectPath } from '../../test/support/start-cli.ts';
import { startServe, type ServeProcess } from '../../test/support/start-serve.ts';
import { ToolscopePage } from './toolscope-page.ts';

/** The built-in demo server as a catalog entry. */
export function demoEntry(): { command: string; args: string[]; cwd: string } {
  return { command: process.execPath, args: [projectPath('lib/demo-server.js')], cwd: projectPath() };
}

/**
 * The config of a team's hosted bridge: alice by her token (the sign-in page), anyone else by the SSO
 * proxy's X-Forwarded-User header (set here by the browser itself, from 127.0.0.1, which the config
 * trusts), the recordings in `folder`. `extra` adds to or replaces its sections.
 */
export function teamConfig(
  folder: string,
  aliceToken: string,
  extra: { auth?: Record<string, unknown>; [section: string]: unknown } = {},
): Record<string, unknown> {
  const { auth, ...sections } = extra;
  return {
    version: 1,
    auth: {
      tokens: [{ user: 'alice', sha256: tokenDigest(aliceToken) }],
      trustedHeader: { name: 'X-Forwarded-User', from: ['127.0.0.1/32'] },
      ...auth,
    },
    catalog: { mcpServers: { demo: demoEntry() } },
    store: { dataDir: path.join(folder, 'data') },
    ...sections,
  };
}

/**
 * One `toolscope serve --config` for the tests of a file, its config and recordings in a throwaway folder:
 * `config(folder)` is written before the start, `write` rewrites it (for a reload).
 */
export function serveHostedTeam(config: (folder: string) => Record<string, unknown>): {
  readonly serve: ServeProcess;
  write(config: Record<string, unknown>): void;
} {
  let serve: ServeProcess | undefined;
  let folder: string | undefined;
  const file = () => path.join(folder!, 'team.json');
  test.beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'toolscope-e2e-team-'));
    writeFileSync(file(), JSON.stringify(config(folder)));
    serve = await startServe(['--config', file(), '--port', '0']);
  });
  test.afterAll(async () => {
    await serve?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return {
    get serve(): ServeProcess {
      if (!serve) throw new Error('The hosted bridge is not running (read .serve inside a test)');
      return serve;
    },
    write(next) {
      writeFileSync(file(), JSON.stringify(next));
    },
  };
}

/** A page of a new browser context in which `user` signed in with `token` on the sign-in page. */
export async function signInWithToken(
  browser: Browser,
  url: string,
  user: string,
  token: string,
): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(url);
  await page.getByRole('textbox', { name: 'Access token' }).fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${user}`)).toBeVisible();
  return page;
}

/** Connects to the catalog server picked, and calls the demo's echo tool with `message`. */
export async function connectAndCall(page: Page, message: string): Promise<void> {
  const app = new ToolscopePage(page);
  await page.getByRole('button', { name: 'Connect' }).click();
  await app.expectConnected();
  await app.selectTool('echo');
  await app.setArgumentsJson(JSON.stringify({ message }));
  await app.callTool();
  await expect(app.result).toContainText(message);
}
