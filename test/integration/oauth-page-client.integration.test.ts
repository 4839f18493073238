/**
 * A pre-registered client entered in the page: the page's session code, in Node, sends
 * the client id, secret and token endpoint auth method with its connect (the page's
 * OAuthClientSocket); the bridge signs in with that client at oidc-provider (no dynamic
 * registration) through its /oauth/callback. Then the secret is searched for in every byte the
 * bridge stored (recordings database), served (the recording's snapshot), logged, and in what the
 * page holds and exports ("Include secrets" too): it must be in none.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../server/bridge.ts';
import { buildSessionFile, serializeSessionFile } from '../../web/src/replay/session-file.ts';
import { OAuthClients } from '../../web/src/features/oauth/oauth-clients.ts';
import { PRE_REGISTERED, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import {
  bridgeCallbackUrl,
  lastSignInUrl,
  oauthPageSession,
  signInThroughBridge,
} from '../support/bridge-sign-in.ts';
import { projectPath } from '../support/start-cli.ts';
import { waitFor } from '../support/node-session.ts';

const TOKEN = 'oauth-page-client-test-token-0123456789';
let dir: string;
let fixture: OAuthFixture | undefined;
let bridge: RunningBridge | undefined;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolscope-oauth-client-'));
  bridge = await startBridge({
    port: 0,
    distDir: projectPath('dist'),
    token: TOKEN,
    graceMs: 200,
    recordingsFile: path.join(dir, 'recordings.sqlite'),
    log: (line) => logged.push(line),
  });
  // The pre-registered client knows the bridge's callback as its redirect URI.
  fixture = await startOAuthFixture({ redirectUris: [bridgeCallbackUrl(bridge.port)] });
});
afterAll(async () => {
  await bridge?.close();
  await fixture?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('signs in with the client entered in the page, without registering; its secret is in no recording, snapshot, log, page state or export', async () => {
  const running = bridge!;
  const oauth = fixture!;
  const origin = new URL(`http://127.0.0.1:${running.port}`);
  const target = { transport: 'http' as const, url: oauth.mcpUrl };
  const clients = new OAuthClients();
  clients.set(target, {
    clientId: PRE_REGISTERED.clientId,
    clientSecret: PRE_REGISTERED.clientSecret,
    tokenEndpointAuthMethod: 'client_secret_post',
  });
  const session = oauthPageSession(running.port, TOKEN, clients);
  const connected = session.connect(target);
  await waitFor(() => lastSignInUrl(session) !== undefined, 'the bridge to ask for sign-in');
  expect(new URL(lastSignInUrl(session)!).searchParams.get('client_id')).toBe(PRE_REGISTERED.clientId);
  expect((await signInThroughBridge(lastSignInUrl(session)!, bridgeCallbackUrl(running.port))).status).toBe(
    200,
  );
  await connected;
  expect(session.state.get().status).toBe('connected');
  expect(oauth.registrations).toEqual([]); // no dynamic registration: the entered client was used
  expect(oauth.grants).toContain('authorization_code');
  const outcome = await session.callTool('whoami', {});
  expect(JSON.stringify(outcome)).toContain(`client ${PRE_REGISTERED.clientId}`);

  const state = session.state.get();
  const listed = (await (
    await fetch(`${origin.href}api/recordings`, { headers: { 'x-toolscope-token': TOKEN } })
  ).json()) as { recordings: { id: string }[] };
  expect(listed.recordings.length).toBeGreaterThan(0);
  const snapshot = await (
    await fetch(`${origin.href}api/recordings/${listed.recordings[0]!.id}`, {
      headers: { 'x-toolscope-token': TOKEN },
    })
  ).text();
  const exports = [false, true].map((includeSecrets) =>
    serializeSessionFile(
      buildSessionFile(
        {
          target: state.target,
          server: undefined,
          tools: state.tools,
          frames: session.trace.get().frames,
          calls: [],
          log: state.log,
        },
        { includeSecrets },
      ),
    ),
  );
  const pageState = JSON.stringify(state);
  await session.disconnect();
  await running.close();
  bridge = undefined;
  const stored = readdirSync(dir).map((name) => readFileSync(path.join(dir, name)).toString('latin1'));
  expect(stored.join('')).toContain('whoami'); // the recording holds the session...
  expect(snapshot).toContain('whoami');
  const secret = PRE_REGISTERED.clientSecret;
  for (const bytes of [...stored, snapshot, ...exports, pageState, logged.join('\n')])
    expect(bytes).not.toContain(secret); // ...but not the client's secret
  for (const token of new Set(oauth.tokensSeen))
    for (const bytes of [...stored, ...exports]) expect(bytes).not.toContain(token);
});
