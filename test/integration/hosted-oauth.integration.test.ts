/**
 * OAuth in hosted mode: two users open the same protected catalog entry and each signs in
 * themselves, with the admin's pre-registered client (its secret from `${env:…}`). Each sign-in is
 * bound to the user who started it: the other user can neither open its link nor finish it at the
 * callback. Tokens stay in the bridge's memory for the connection: never in a page's bytes, the
 * recordings store, the logs or a file; and one user's token never reaches the other. The OAuth steps
 * shown to a hosted user name the protected catalog entry, never its host, port or path: not in a step's
 * URL, its decision, nor a parameter of the authorization URL (the `resource` parameter holds the
 * server's URL, percent-encoded). Both tests use one bridge and one authorization server, and each looks
 * only at the grants and tokens that arrived after it began.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BridgeToClient } from '#shared/bridge-protocol.ts';
import { followAuthorization } from '../../server/oauth/headless-authorize.ts';
import { PRE_REGISTERED, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { freePort } from '../support/free-port.ts';
import { bearer, startTestHostedBridge, type TestHostedBridge } from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { rawRequest } from '../support/raw-http.ts';

let fixture: OAuthFixture;
let bridge: TestHostedBridge;
let callbackUrl: string;

beforeAll(async () => {
  const port = await freePort();
  callbackUrl = `http://127.0.0.1:${port}/oauth/callback`;
  fixture = await startOAuthFixture({ redirectUris: [callbackUrl] });
  bridge = await startTestHostedBridge(
    {
      server: { publicUrl: `http://127.0.0.1:${port}` },
      catalog: {
        mcpServers: {
          protected: {
            url: fixture.mcpUrl,
            oauth: {
              clientId: PRE_REGISTERED.clientId,
              clientSecret: '${env:PROTECTED_CLIENT_SECRET}',
              tokenEndpointAuthMethod: 'client_secret_basic',
            },
          },
        },
      },
    },
    { env: { PROTECTED_CLIENT_SECRET: PRE_REGISTERED.clientSecret }, port },
  );
});
afterAll(async () => {
  await bridge?.stop();
  await fixture?.close();
});

/** The sign-in link the bridge gave `page` for its connect (the page never gets the authorization URL). */
async function signInLink(page: HostedPage, from: number): Promise<string> {
  const event = await page.next(from, (m) => m.type === 'event' && m.event.kind === 'oauth-sign-in');
  return event.type === 'event' && event.event.kind === 'oauth-sign-in' ? event.event.url : '';
}

/** Opens `link` as `user` would (their sign-in), following the authorization server to the callback's query. */
async function authorize(link: string, user: 'alice' | 'bob'): Promise<URLSearchParams> {
  const answer = await rawRequest(bridge.port, 'GET', link, bearer(user));
  expect(answer.status).toBe(302);
  const location = String(answer.headers.location);
  expect(location).not.toContain(PRE_REGISTERED.clientSecret);
  return followAuthorization(new URL(location), callbackUrl);
}

async function initialize(page: HostedPage): Promise<void> {
  const init = await page.request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'hosted-oauth', version: '0' },
  });
  expect(init.error).toBeUndefined();
  page.send({ type: 'send', message: { jsonrpc: '2.0', method: 'notifications/initialized' } });
}

/** Every byte of the bridge's data folder (the recordings store and anything else it wrote). */
function dataBytes(): { names: string[]; text: string } {
  const names = readdirSync(bridge.dataDir, { recursive: true, encoding: 'utf8' });
  const text = names
    .map((name) => path.join(bridge.dataDir, name))
    .filter((file) => !file.endsWith('/') && readdirSafe(file))
    .map((file) => readFileSync(file).toString('latin1'))
    .join('\n');
  return { names, text };
}

function readdirSafe(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}

it('two users sign in to the same protected catalog entry, each themselves; neither can take the other’s sign-in or token', async () => {
  const grantsBefore = fixture.grants.length;
  const tokensBefore = fixture.tokensSeen.length;
  const alice = await HostedPage.open(bridge.port, bearer('alice'));
  const bob = await HostedPage.open(bridge.port, bearer('bob'));

  // Alice connects: the bridge asks her to sign in, with a link to itself bound to her.
  alice.send({ type: 'connect', catalog: { server: 'protected' } });
  const aliceLink = await signInLink(alice, 0);
  expect(aliceLink).toMatch(/^\/oauth\/authorize\?state=[\w-]+$/);
  expect(alice.rawText).not.toContain(fixture.mcpUrl);

  // Bob cannot open Alice's link (he would sign in in her place), nor can nobody.
  expect((await rawRequest(bridge.port, 'GET', aliceLink, bearer('bob'))).status).toBe(403);
  expect((await rawRequest(bridge.port, 'GET', aliceLink)).status).toBe(401);

  const aliceParams = await authorize(aliceLink, 'alice');
  const aliceCallback = `/oauth/callback?${aliceParams}`;
  // Bob holding Alice's callback cannot finish it: refused, and Alice's sign-in goes on waiting.
  const stolen = await rawRequest(bridge.port, 'GET', aliceCallback, bearer('bob'));
  expect(stolen.status).toBe(403);
  expect(stolen.body).toContain('Another Toolscope user started this sign-in');
  // Without the cookie (a cross-site redirect), the callback reloads itself from this site…
  const hop = await rawRequest(bridge.port, 'GET', aliceCallback);
  expect(hop.status).toBe(200);
  expect(hop.body).toContain('http-equiv="refresh"');
  expect(hop.body).toContain('/oauth/callback/confirm?');
  // …and that reload without a user is refused too.
  const confirm = `/oauth/callback/confirm?${aliceParams}`;
  expect((await rawRequest(bridge.port, 'GET', confirm)).status).toBe(401);
  expect(alice.received.some((m) => m.type === 'ready' || m.type === 'failed')).toBe(false);

  // Alice finishes her own sign-in (from the confirm step, as her browser would after the reload).
  const finished = await rawRequest(bridge.port, 'GET', confirm, bearer('alice'));
  expect(finished.status).toBe(200);
  expect(finished.body).toContain('Signed in');
  const aliceReady = await alice.next(0, (m) => m.type === 'ready' || m.type === 'failed');
  expect(aliceReady.type).toBe('ready');
  await initialize(alice);
  const aliceWho = await alice.callTool('whoami');
  expect(aliceWho.result?.content?.[0]?.text).toMatch(/^client toolscope-pre scopes /);
  const aliceTokens = new Set(fixture.tokensSeen.slice(tokensBefore));
  expect(aliceTokens.size).toBeGreaterThan(0);

  // Bob connects to the same entry: he is asked to sign in himself, with a link of his own.
  const bobFrom = bob.received.length;
  bob.send({ type: 'connect', catalog: { server: 'protected' } });
  const bobLink = await signInLink(bob, bobFrom);
  expect(bobLink).not.toBe(aliceLink);
  expect((await rawRequest(bridge.port, 'GET', bobLink, bearer('alice'))).status).toBe(403);
  const bobParams = await authorize(bobLink, 'bob');
  expect((await rawRequest(bridge.port, 'GET', `/oauth/callback?${bobParams}`, bearer('bob'))).status).toBe(
    200,
  );
  expect((await bob.next(bobFrom, (m) => m.type === 'ready' || m.type === 'failed')).type).toBe('ready');
  await initialize(bob);
  expect((await bob.callTool('whoami')).result?.content?.[0]?.text).toMatch(/^client toolscope-pre /);
  const bobTokens = new Set(
    fixture.tokensSeen.slice(tokensBefore).filter((token) => !aliceTokens.has(token)),
  );
  expect(bobTokens.size).toBeGreaterThan(0);
  // Two sign-ins by code, one per user: no token was shared.
  expect(fixture.grants.slice(grantsBefore).filter((grant) => grant === 'authorization_code')).toHaveLength(
    2,
  );

  // Alice's connection still uses her own token after Bob signed in (Bob's last notification may
  // still be on its way, so only Alice's token is looked for).
  const seen = fixture.tokensSeen.length;
  await alice.callTool('whoami');
  expect(fixture.tokensSeen.slice(seen).some((token) => aliceTokens.has(token))).toBe(true);
  expect([...bobTokens].some((token) => aliceTokens.has(token))).toBe(false);

  alice.close();
  bob.close();
  await bridge.channels.closeAll();

  // Bytes: no token in either page's frames (Bob never holds Alice's), the store, the logs.
  const data = dataBytes();
  expect(data.names.some((name) => /oauth-tokens/.test(name))).toBe(false);
  const everywhere = {
    alice: alice.rawText,
    bob: bob.rawText,
    store: data.text,
    log: bridge.logText(),
    audit: bridge.auditText(),
  };
  for (const [where, text] of Object.entries(everywhere)) {
    for (const token of fixture.tokensSeen) expect(text, `a token in ${where}`).not.toContain(token);
    expect(text, `the client secret in ${where}`).not.toContain(PRE_REGISTERED.clientSecret);
  }
  for (const code of [aliceParams.get('code')!, bobParams.get('code')!])
    expect(bridge.logText()).not.toContain(code);
  // The catalog the page reads names the entry, not its client.
  const config = await rawRequest(bridge.port, 'GET', '/api/config', bearer('bob'));
  expect(config.body).toContain('"protected"');
  expect(config.body).not.toContain(PRE_REGISTERED.clientSecret);
  expect(config.body).not.toContain(PRE_REGISTERED.clientId);
});

/** Every string of the OAuth events, and its percent-decoded reading. */
function oauthTexts(received: BridgeToClient[]): string[] {
  const strings: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value, safeDecode(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const message of received)
    if (message.type === 'event' && message.event.kind.startsWith('oauth')) walk(message.event);
  return strings;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

it('a hosted user signs in to a protected catalog entry; no step names its host, port or path', async () => {
  const alice = await HostedPage.open(bridge.port, bearer('alice'));
  alice.send({ type: 'connect', catalog: { server: 'protected' } });
  const signIn = await alice.next(0, (m) => m.type === 'event' && m.event.kind === 'oauth-sign-in');
  const link = signIn.type === 'event' && signIn.event.kind === 'oauth-sign-in' ? signIn.event.url : '';
  const redirect = await rawRequest(bridge.port, 'GET', link, bearer('alice'));
  expect(redirect.status).toBe(302);
  const params = await followAuthorization(new URL(String(redirect.headers.location)), callbackUrl);
  const finished = await rawRequest(bridge.port, 'GET', `/oauth/callback?${params}`, bearer('alice'));
  expect(finished.status).toBe(200);
  expect((await alice.next(0, (m) => m.type === 'ready' || m.type === 'failed')).type).toBe('ready');

  const steps = alice.received.flatMap((m) =>
    m.type === 'event' && m.event.kind === 'oauth-step' ? [m.event.step] : [],
  );
  // The steps are there, and still say what they did.
  expect(steps.map((step) => step.kind)).toEqual(
    expect.arrayContaining(['resource-metadata', 'server-metadata', 'authorize', 'token']),
  );
  expect(steps.find((step) => step.kind === 'resource-metadata')?.url).toBe(
    '(catalog server protected)/.well-known/oauth-protected-resource',
  );
  const mcp = new URL(fixture.mcpUrl);
  for (const text of oauthTexts(alice.received)) {
    expect(text).not.toContain(mcp.host);
    expect(text).not.toContain(mcp.hostname);
    expect(text).not.toMatch(new RegExp(`\\b${mcp.port}\\b`));
    expect(text).not.toContain(mcp.pathname);
  }
  alice.close();
});
