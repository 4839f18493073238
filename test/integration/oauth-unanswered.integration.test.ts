/**
 * An authorization server that does not answer, as the person reads it: at connect (the protected
 * resource names an authorization server nobody listens for) and on a refresh (oidc-provider taken
 * off the network after the sign-in), the sentence names the authorization server and says the
 * connection was refused; the connection that cannot get its calls authorised no longer counts as
 * fine (the page's status reads its OAuth failure), and it recovers once the server is back.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../../server/bridge.ts';
import { oauthView } from '../../web/src/features/oauth/oauth-log.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { bridgeCallbackUrl, lastSignInUrl, signInThroughBridge } from '../support/bridge-sign-in.ts';
import { freePort } from '../support/free-port.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';

const TOKEN = 'oauth-unanswered-test-token-0123456789';
let bridge: RunningBridge;
let fixture: OAuthFixture;
let orphan: Server;
let orphanUrl: string;
let downPort: number;

beforeAll(async () => {
  bridge = await startTestBridge({ token: TOKEN });
  fixture = await startOAuthFixture();
  downPort = await freePort();
  // A protected resource whose metadata names an authorization server that is not there.
  orphan = createServer((request, response) => {
    const origin = `http://127.0.0.1:${(orphan.address() as AddressInfo).port}`;
    if (request.url?.startsWith('/.well-known/oauth-protected-resource'))
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          resource: `${origin}/mcp`,
          authorization_servers: [`http://127.0.0.1:${downPort}`],
        }),
      );
    response
      .writeHead(401, {
        'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
      })
      .end();
  });
  await new Promise<void>((resolve) => orphan.listen(0, '127.0.0.1', resolve));
  orphanUrl = `http://127.0.0.1:${(orphan.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  await bridge.close();
  await fixture.close();
  orphan.closeAllConnections();
  await new Promise((resolve) => orphan.close(resolve));
});

describe('an authorization server that does not answer', () => {
  it('at connect: the failure names it and says the connection was refused', async () => {
    const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, TOKEN);
    await session.connect({ transport: 'http', url: orphanUrl }).catch(() => {});
    const said = `The authorization server at http://127.0.0.1:${downPort} did not answer (connection refused)`;
    expect(session.state.get().status).toBe('disconnected');
    expect(oauthView(session.state.get().log).failure).toBe(said);
    expect(session.state.get().error).toContain(said);
    expect(session.state.get().error).not.toMatch(/(.{12,}): \1/); // nothing said twice ("X: X")
  });

  it('on a refresh: the call fails saying so, the connection reads as failed sign-in, and it recovers when the server is back', async () => {
    const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, TOKEN);
    const connected = session.connect({ transport: 'http', url: fixture.mcpUrl });
    await waitFor(() => lastSignInUrl(session) !== undefined, 'the bridge to ask for sign-in');
    await signInThroughBridge(lastSignInUrl(session)!, bridgeCallbackUrl(bridge.port));
    await connected;
    const restart = await fixture.stopAuthorizationServer();
    try {
      await fixture.expireAccessTokens();
      const outcome = await session.callTool('whoami', {});
      expect(JSON.stringify(outcome)).toMatch(
        /The authorization server at http:\/\/127\.0\.0\.1:\d+ did not answer \(connection refused\)/,
      );
      expect(session.state.get().status).toBe('connected');
      expect(oauthView(session.state.get().log).failure).toMatch(/did not answer \(connection refused\)$/);
      // No browser sign-in was started: an authorization server that is down cannot sign anyone in.
      expect(oauthView(session.state.get().log).signInUrl).toBeUndefined();
    } finally {
      await restart();
    }
    const again = await session.callTool('whoami', {});
    expect(JSON.stringify(again)).toMatch(/client .* scopes/);
    expect(oauthView(session.state.get().log).failure).toBeUndefined();
    await session.disconnect();
  });
});
