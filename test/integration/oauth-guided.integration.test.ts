/**
 * Guided mode of the OAuth debugger: the page's session code, in Node, connects with
 * guided mode on; the bridge's sign-in (the SDK's own `auth()`) waits before each OAuth request
 * until the page sends "Next step", so each request is shown, and not sent, until then.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningBridge } from '../../server/bridge.ts';
import { OAuthClients } from '../../web/src/features/oauth/oauth-clients.ts';
import { oauthView } from '../../web/src/features/oauth/oauth-log.ts';
import { startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { bridgeCallbackUrl, oauthPageSession, signInThroughBridge } from '../support/bridge-sign-in.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { waitFor } from '../support/node-session.ts';

const TOKEN = 'oauth-guided-test-token-0123456789';
let fixture: OAuthFixture;
let bridge: RunningBridge;

beforeAll(async () => {
  fixture = await startOAuthFixture();
  bridge = await startTestBridge({ token: TOKEN });
});
afterAll(async () => {
  await bridge.close();
  await fixture.close();
});

it('waits before each OAuth request until Next step, showing it; the request is not sent before', async () => {
  const target = { transport: 'http' as const, url: fixture.mcpUrl };
  const clients = new OAuthClients();
  clients.setGuided(target, true);
  const session = oauthPageSession(bridge.port, TOKEN, clients);
  const connected = session.connect(target);
  const view = () => oauthView(session.state.get().log);
  const pausedAt: string[] = [];
  const callbackUrl = bridgeCallbackUrl(bridge.port);
  // Bounded: a sign-in is a handful of requests (metadata fallbacks included).
  for (let round = 0; round < 12 && !view().steps.some((s) => s.kind === 'token'); round++) {
    await waitFor(() => view().paused !== undefined, `pause ${round + 1}`);
    const paused = view().paused!;
    pausedAt.push(paused.kind);
    const stepsBefore = view().steps.length;
    // While paused, the request is not sent: no step of it, no registration, no token.
    if (paused.kind === 'registration') expect(fixture.registrations).toEqual([]);
    if (paused.kind === 'token') expect(fixture.grants).toEqual([]);
    clients.next();
    if (paused.kind === 'authorize') {
      await waitFor(() => view().signInUrl !== undefined, 'the sign-in link');
      expect((await signInThroughBridge(view().signInUrl!, callbackUrl)).status).toBe(200);
    }
    await waitFor(() => view().paused === undefined || view().steps.length > stepsBefore, 'the step to go');
  }
  await connected;
  expect(session.state.get().status).toBe('connected');
  const order = ['resource-metadata', 'server-metadata', 'registration', 'authorize', 'token'];
  expect(pausedAt.filter((kind, i) => kind !== pausedAt[i - 1])).toEqual(order);
  expect(fixture.grants).toEqual(['authorization_code']);
  await session.disconnect();
});
