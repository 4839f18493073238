/**
 * The message a person reads when a sign-in fails (issue 24), through the page's session code and
 * the bridge: a pre-registered client entered with a wrong secret is refused at the token
 * endpoint (invalid_client), and the connect fails with the sentence that says what to check.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningBridge } from '../../server/bridge.ts';
import { followAuthorization } from '../../server/oauth/headless-authorize.ts';
import { OAuthClients, OAuthClientSocket } from '../../web/src/features/oauth/oauth-clients.ts';
import { oauthView } from '../../web/src/features/oauth/oauth-log.ts';
import { bridgeSocketUrl } from '../../web/src/mcp/bridge-socket.ts';
import { BridgeTransport } from '../../web/src/mcp/bridge-transport.ts';
import { McpSession } from '../../web/src/mcp/mcp-session.ts';
import { PRE_REGISTERED, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { waitFor } from '../support/node-session.ts';

const TOKEN = 'oauth-failures-test-token-0123456789';
let fixture: OAuthFixture | undefined;
let bridge: RunningBridge;

beforeAll(async () => {
  bridge = await startTestBridge({ token: TOKEN });
  fixture = await startOAuthFixture({ redirectUris: [`http://127.0.0.1:${bridge.port}/oauth/callback`] });
});
afterAll(async () => {
  await bridge.close();
  await fixture?.close();
});

it('invalid_client: a wrong client secret ends the connect with what to check', async () => {
  const origin = new URL(`http://127.0.0.1:${bridge.port}`);
  const target = { transport: 'http' as const, url: fixture!.mcpUrl };
  const clients = new OAuthClients();
  clients.set(target, { clientId: PRE_REGISTERED.clientId, clientSecret: 'not-the-secret' });
  const session = new McpSession({
    createTransport: (t) =>
      new BridgeTransport(new OAuthClientSocket(bridgeSocketUrl(origin, TOKEN), clients), t),
  });
  const connected = session.connect(target).catch(() => {});
  const view = () => oauthView(session.state.get().log);
  await waitFor(() => view().signInUrl !== undefined, 'the bridge to ask for sign-in');
  const callbackUrl = `http://127.0.0.1:${bridge.port}/oauth/callback`;
  const params = await followAuthorization(new URL(view().signInUrl!), callbackUrl);
  await fetch(`${callbackUrl}?${params}`);
  await connected;
  const expected =
    /^The authorization server rejected the client \(invalid_client\): check the client id and secret/;
  expect(view().failure).toMatch(expected);
  expect(session.state.get().status).toBe('disconnected');
  expect(JSON.stringify(session.state.get())).not.toContain('not-the-secret');
});
