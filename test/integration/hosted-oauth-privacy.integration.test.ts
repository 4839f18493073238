/**
 * OAuth steps shown to a hosted user name a protected catalog entry, never its host, port or path:
 * not in a step's URL, its decision, nor a parameter of the authorization URL (the `resource`
 * parameter holds the server's URL, percent-encoded).
 */
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
