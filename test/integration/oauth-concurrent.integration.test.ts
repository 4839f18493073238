/**
 * Requests of one connection that meet a 401 together share ONE authorization: one
 * authorization URL offered, one PKCE verifier, one callback, and every waiting request sent again
 * once it is finished (or failing with the same message when it fails). The fixture holds the 401
 * answers until all of them are due, so the requests meet the 401 together in every run.
 */
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { oauthView } from '../../web/src/features/oauth/oauth-log.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { bridgeCallbackUrl, oauthPageSession, signInThroughBridge } from '../support/bridge-sign-in.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { waitFor } from '../support/node-session.ts';

const TOKEN = 'oauth-concurrent-test-token-0123456789';
let fixture: OAuthFixture;
let bridge: RunningBridge;
let callbackUrl: string;

beforeAll(async () => {
  bridge = await startTestBridge({ token: TOKEN });
  callbackUrl = bridgeCallbackUrl(bridge.port);
  fixture = await startOAuthFixture({ redirectUris: [callbackUrl] });
});
afterAll(async () => {
  await bridge.close();
  await fixture.close();
});

/** A page's session on the bridge, signed in to the fixture (as the person's browser would). */
async function signedInPage() {
  const session = oauthPageSession(bridge.port, TOKEN);
  const view = () => oauthView(session.state.get().log);
  const connected = session.connect({ transport: 'http', url: fixture.mcpUrl });
  await waitFor(() => view().signInUrl !== undefined, 'the bridge to ask for sign-in');
  await signInThroughBridge(view().signInUrl!, callbackUrl);
  await connected;
  expect(session.state.get().status).toBe('connected');
  // The standalone GET stream opens after `initialized`: the tests below rely on it being open.
  await waitFor(() => fixture.openStreams() > 0, 'the GET stream to open');
  return { session, view };
}

/** The bridge events a session logged from now on. */
function eventsFrom(session: McpSession): () => TimedBridgeEvent['event'][] {
  const start = session.state.get().log.length;
  return () =>
    session.state
      .get()
      .log.slice(start)
      .map((entry) => entry.event);
}

/** Authorize rows: one per authorization opened, one per request that joined the open one. */
function authorizeRows(events: TimedBridgeEvent['event'][]) {
  return events.flatMap((event) =>
    event.kind === 'oauth-step' && event.step.kind === 'authorize' ? [event.step] : [],
  );
}

const codeGrants = () => fixture.grants.filter((grant) => grant === 'authorization_code').length;

describe('concurrent 401s share one authorization', () => {
  it('a tool call and the GET stream meet the 401 together: one sign-in offered, one authorization, the call answered', async () => {
    const { session, view } = await signedInPage();
    const events = eventsFrom(session);
    const [authorizations, codes] = [fixture.authorizationRequests.length, codeGrants()];
    await fixture.expireSignIns();
    fixture.holdUnauthorized(2);
    fixture.dropStreams(); // the GET stream opens again: with the revoked token, a 401
    const call = session.currentClient!.callTool({ name: 'whoami', arguments: {} });
    call.catch(() => {});
    // Both requests went through auth(): each opened an authorization or joined the open one.
    await waitFor(() => authorizeRows(events()).length >= 2, 'both 401s to reach the authorization');
    expect(events().filter((event) => event.kind === 'oauth-sign-in')).toHaveLength(1);
    expect(authorizeRows(events())[0]!.decision).toBe('Waiting for you to sign in in the browser');
    expect(authorizeRows(events())[1]!.decision).toMatch(/^Another request met the 401 too: it waits/);

    await signInThroughBridge(view().signInUrl!, callbackUrl);
    const result = (await call) as CallToolResult;
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^client .* scopes /) }]);
    expect(fixture.authorizationRequests.length - authorizations).toBe(1);
    expect(codeGrants() - codes).toBe(1);
    expect(view().failure).toBeUndefined();
    await session.disconnect();
  });

  it('two tool calls meet the 401 together: one authorization, both answered with the new token', async () => {
    const { session, view } = await signedInPage();
    const events = eventsFrom(session);
    const [authorizations, codes] = [fixture.authorizationRequests.length, codeGrants()];
    await fixture.expireSignIns();
    fixture.holdUnauthorized(2);
    const calls = [1, 2].map(() => session.currentClient!.callTool({ name: 'whoami', arguments: {} }));
    for (const call of calls) call.catch(() => {});
    await waitFor(() => authorizeRows(events()).length >= 2, 'both 401s to reach the authorization');
    expect(events().filter((event) => event.kind === 'oauth-sign-in')).toHaveLength(1);

    await signInThroughBridge(view().signInUrl!, callbackUrl);
    for (const result of (await Promise.all(calls)) as CallToolResult[])
      expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^client /) }]);
    expect(fixture.authorizationRequests.length - authorizations).toBe(1);
    expect(codeGrants() - codes).toBe(1);
    await session.disconnect();
  });

  it('the shared authorization is refused: both calls fail with the same clear message', async () => {
    const { session, view } = await signedInPage();
    const events = eventsFrom(session);
    await fixture.expireSignIns();
    fixture.holdUnauthorized(2);
    const calls = [1, 2].map(() =>
      session.currentClient!.callTool({ name: 'whoami', arguments: {} }).then(
        () => 'answered',
        (error: Error) => error.message,
      ),
    );
    await waitFor(() => authorizeRows(events()).length >= 2, 'both 401s to reach the authorization');
    // The person refuses at the authorization server: it sends them back with access_denied.
    const state = new URL(view().signInUrl!).searchParams.get('state')!;
    await (await fetch(`${callbackUrl}?state=${state}&error=access_denied`)).body?.cancel();
    const [first, second] = await Promise.all(calls);
    expect(first).toMatch(/Sign-in was cancelled or refused \(access_denied\)/);
    expect(second).toBe(first);
    expect(view().failure).toMatch(/^Sign-in was cancelled or refused \(access_denied\)/);
    await session.disconnect();
  });
});
