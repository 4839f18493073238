/**
 * Single-user mode keeps OAuth tokens for the next connect: after one browser sign-in,
 * a new page session connects to the same server without signing in; the file is 0600; "Clear
 * tokens" deletes them, so the next connect asks for sign-in again.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../server/bridge.ts';
import { OAuthClients } from '../../web/src/features/oauth/oauth-clients.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import {
  bridgeCallbackUrl,
  lastSignInUrl as signInUrl,
  oauthPageSession,
  signInThroughBridge,
} from '../support/bridge-sign-in.ts';
import { projectPath } from '../support/start-cli.ts';
import { waitFor } from '../support/node-session.ts';

const TOKEN = 'oauth-token-file-test-token-0123456789';
let dir: string;
let fixture: OAuthFixture;
let bridge: RunningBridge;
let tokensFile: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolscope-oauth-tokens-'));
  tokensFile = path.join(dir, 'oauth-tokens.json');
  fixture = await startOAuthFixture();
  bridge = await startBridge({
    port: 0,
    distDir: projectPath('dist'),
    token: TOKEN,
    graceMs: 200,
    oauthTokensFile: tokensFile,
  });
});
afterAll(async () => {
  await bridge.close();
  await fixture.close();
  rmSync(dir, { recursive: true, force: true });
});

it('reuses the tokens of the last sign-in on the next connect; Clear tokens deletes them', async () => {
  const target = { transport: 'http' as const, url: fixture.mcpUrl };
  const clients = new OAuthClients();
  const newSession = () => oauthPageSession(bridge.port, TOKEN, clients);

  const first = newSession();
  const connected = first.connect(target);
  await waitFor(() => signInUrl(first) !== undefined, 'the first sign-in');
  await signInThroughBridge(signInUrl(first)!, bridgeCallbackUrl(bridge.port));
  await connected;
  await first.disconnect();
  expect(statSync(tokensFile).mode & 0o777).toBe(0o600);
  expect(readFileSync(tokensFile, 'utf8')).toContain(fixture.mcpUrl);
  const grants = fixture.grants.length;

  const second = newSession();
  await second.connect(target);
  expect(second.state.get().status).toBe('connected');
  expect(signInUrl(second)).toBeUndefined(); // no sign-in: the kept token was used
  // No new authorization code: at most the kept refresh token was used (the SDK's auth() refreshes).
  expect(fixture.grants.slice(grants).filter((grant) => grant !== 'refresh_token')).toEqual([]);
  expect(JSON.stringify(await second.callTool('whoami', {}))).toContain('scopes mcp:tools');

  clients.clearTokens();
  await second.disconnect();
  await waitFor(
    () => !existsSync(tokensFile) || !readFileSync(tokensFile, 'utf8').includes(fixture.mcpUrl),
    'the tokens to be deleted',
  );

  const third = newSession();
  const again = third.connect(target);
  await waitFor(() => signInUrl(third) !== undefined, 'a new sign-in after Clear tokens');
  await third.disconnect();
  void again.catch(() => {});
});
