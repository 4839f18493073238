/**
 * Step-up against oidc-provider as it is set up for dynamic registration: it holds a registered
 * client to the scopes it registered with, so asking for a wider scope comes back invalid_scope.
 * Toolscope registers again with the wider scope and asks once more (headless, and in the browser
 * where the tab at the callback goes on to the new authorization by itself: one sign-in per
 * grant), says so in the OAuth steps without blaming the server for asking, and reuses a
 * registration on the next connect instead of registering anew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../../server/bridge.ts';
import { oauthView } from '../../web/src/features/oauth/oauth-log.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { bridgeCallbackUrl, lastSignInUrl, signInThroughBridge } from '../support/bridge-sign-in.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import { oauthUpstream } from '../support/oauth-upstream.ts';

const TOKEN = 'oauth-step-up-test-token-0123456789';
let fixture: OAuthFixture;
let bridge: RunningBridge;

beforeAll(async () => {
  bridge = await startTestBridge({ token: TOKEN });
  fixture = await startOAuthFixture();
});
afterAll(async () => {
  await bridge.close();
  await fixture.close();
});

describe('step-up with a dynamically registered client', () => {
  it('headless: invalid_scope, registers again with the wider scope, asks once more, and the call goes through', async () => {
    const { upstream, ask, steps, initialize } = oauthUpstream(fixture.mcpUrl, { headless: true });
    try {
      await initialize();
      const registered = fixture.registrations.length;
      const answer = await ask('tools/call', { name: 'admin', arguments: {} });
      expect(answer.result?.content).toEqual([{ type: 'text', text: 'admin ok' }]);
      expect(fixture.registrations.length).toBe(registered + 1);
      const decisions = steps().map((step) => `${step.kind}: ${step.decision}`);
      expect(decisions).toContainEqual(
        expect.stringMatching(
          /^callback: The authorization server refused the scope .*mcp:admin.* \(invalid_scope.*\) for the client Toolscope registered with fewer scopes: registering again for .*mcp:admin.* and asking once more$/,
        ),
      );
      expect(decisions.join('\n')).not.toMatch(/does not offer/);
      expect(steps().at(-1)?.kind).toBe('signed-in');
    } finally {
      await upstream.close();
    }
  });

  it('in the browser: one sign-in per grant, the tab goes on to the new authorization; the next connect reuses the registration', async () => {
    const callbackUrl = bridgeCallbackUrl(bridge.port);
    const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, TOKEN);
    const target = { transport: 'http' as const, url: fixture.mcpUrl };
    const before = fixture.registrations.length;
    const connected = session.connect(target);
    await waitFor(() => lastSignInUrl(session) !== undefined, 'the bridge to ask for sign-in');
    expect((await signInThroughBridge(lastSignInUrl(session)!, callbackUrl)).hops).toBe(1);
    await connected;
    expect(session.state.get().status).toBe('connected');

    const call = session.callTool('admin', {});
    const asked = () =>
      session.state.get().log.flatMap(({ event }) => (event.kind === 'oauth-sign-in' ? [event] : []));
    await waitFor(() => asked().length === 2, 'the bridge to ask for the wider scope');
    expect(asked()[1]).toMatchObject({ adds: 'mcp:admin', scope: expect.stringContaining('mcp:admin') });
    const landing = await signInThroughBridge(asked()[1]!.url, callbackUrl);
    expect(landing).toMatchObject({ hops: 2, status: 200 });
    expect(landing.text).toContain('You can close this tab');
    expect(JSON.stringify(await call)).toContain('admin ok');
    expect(fixture.registrations.length).toBe(before + 2);
    expect(oauthView(session.state.get().log).failure).toBeUndefined();
    await session.disconnect();

    // Connecting again signs in again (the tokens ended with the connection), with the same client.
    const again = createNodeSession(`http://127.0.0.1:${bridge.port}`, TOKEN);
    const reconnected = again.connect(target);
    await waitFor(() => lastSignInUrl(again) !== undefined, 'the bridge to ask for sign-in again');
    await signInThroughBridge(lastSignInUrl(again)!, callbackUrl);
    await reconnected;
    expect(again.state.get().status).toBe('connected');
    expect(fixture.registrations.length).toBe(before + 2);
    expect(oauthView(again.state.get().log).steps.some((step) => step.kind === 'registration')).toBe(false);
    await again.disconnect();
  });
});
