/**
 * The message a person reads when a sign-in fails, through the page's session code and
 * the bridge, one test per common failure: against oidc-provider (invalid_client, an expired
 * sign-in whose refresh fails) and against a fixture that gets OAuth wrong on purpose (no
 * metadata, wrong resource, issuer mismatch, redirect mismatch, invalid_scope). Each checks the
 * text of the OAuth debugger's rows, as the page shows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { OAuthClients } from '../../web/src/features/oauth/oauth-clients.ts';
import { oauthView } from '../../web/src/features/oauth/oauth-log.ts';
import {
  startOAuthFaultsFixture,
  type OAuthFault,
  type OAuthFaultsFixture,
} from '../fixtures/oauth-faults-fixture.ts';
import { PRE_REGISTERED, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { bridgeCallbackUrl, oauthPageSession, signInThroughBridge } from '../support/bridge-sign-in.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { waitFor } from '../support/node-session.ts';

const TOKEN = 'oauth-failures-test-token-0123456789';
let fixture: OAuthFixture | undefined;
let faulty: OAuthFaultsFixture | undefined;
let bridge: RunningBridge;
let callbackUrl: string;

beforeAll(async () => {
  bridge = await startTestBridge({ token: TOKEN });
  callbackUrl = bridgeCallbackUrl(bridge.port);
  [fixture, faulty] = await Promise.all([
    startOAuthFixture({ redirectUris: [callbackUrl] }),
    startOAuthFaultsFixture(),
  ]);
});
afterAll(async () => {
  await bridge.close();
  await fixture?.close();
  await faulty?.close();
});

/** A page's session on the bridge, with the clients it entered. */
function pageSession(clients = new OAuthClients()) {
  const session = oauthPageSession(bridge.port, TOKEN, clients);
  const view = () => oauthView(session.state.get().log);
  return { session, view };
}

/**
 * Connects, and when the bridge asks for sign-in, does what the person's browser would (follows the
 * authorization server back to the callback); resolves once the connect ended either way.
 */
async function connectSigningIn(page: ReturnType<typeof pageSession>, target: ServerTarget): Promise<void> {
  let ended = false;
  const connected = page.session
    .connect(target)
    .catch(() => {})
    .finally(() => (ended = true));
  await waitFor(
    () => page.view().signInUrl !== undefined || ended,
    'the bridge to ask for sign-in, or the connect to end',
  );
  const url = page.view().signInUrl;
  if (url) await signInThroughBridge(url, callbackUrl);
  await connected;
}

/** The failure the page shows for a connect to the faulty fixture with `fault`. */
async function failureFor(fault: OAuthFault): Promise<{ failure: string | undefined; rows: string[] }> {
  faulty!.fault = fault;
  const page = pageSession();
  await connectSigningIn(page, { transport: 'http', url: faulty!.mcpUrl });
  expect(page.session.state.get().status).toBe('disconnected');
  const view = page.view();
  return { failure: view.failure, rows: view.steps.map((step) => `${step.kind}: ${step.decision ?? ''}`) };
}

describe('OAuth failure messages (the failed step row)', () => {
  it('invalid_client: a wrong client secret ends the connect with what to check', async () => {
    const target = { transport: 'http' as const, url: fixture!.mcpUrl };
    const clients = new OAuthClients();
    clients.set(target, { clientId: PRE_REGISTERED.clientId, clientSecret: 'not-the-secret' });
    const page = pageSession(clients);
    await connectSigningIn(page, target);
    const expected =
      /^The authorization server rejected the client \(invalid_client\): check the client id and secret/;
    expect(page.view().failure).toMatch(expected);
    expect(page.session.state.get().status).toBe('disconnected');
    expect(JSON.stringify(page.session.state.get())).not.toContain('not-the-secret');
  });

  it('no metadata: the server asks for sign-in but publishes nothing to sign in with', async () => {
    const { failure } = await failureFor('no-metadata');
    expect(failure).toMatch(
      /^No OAuth metadata: the server asks for sign-in but neither it nor its authorization server publishes/,
    );
  });

  it('wrong resource: the protected resource metadata names another server', async () => {
    const { failure } = await failureFor('wrong-resource');
    expect(failure).toMatch(
      /^Wrong resource: the server's protected resource metadata names a resource that is not this server's URL/,
    );
  });

  it('issuer mismatch: the authorization server metadata names another issuer', async () => {
    const { failure } = await failureFor('issuer-mismatch');
    expect(failure).toMatch(/^Issuer mismatch: /);
  });

  it('redirect mismatch: registration refuses the bridge’s callback', async () => {
    const { failure } = await failureFor('redirect-mismatch');
    expect(failure).toMatch(
      /^The authorization server does not accept the redirect URI \(redirect mismatch\): register the bridge's \/oauth\/callback/,
    );
  });

  it('invalid_scope: the authorization server sends the person back refusing the scope', async () => {
    const { failure, rows } = await failureFor('invalid-scope');
    expect(rows).toContainEqual(
      expect.stringMatching(/^callback: The authorization server answered invalid_scope: mcp:tools is not/),
    );
    expect(failure).toMatch(/^The authorization server refused the requested scope \(invalid_scope\)/);
  });

  it('expired sign-in: the refresh is refused, the page says so and offers to sign in again; signing in again answers the call', async () => {
    const page = pageSession();
    await connectSigningIn(page, { transport: 'http', url: fixture!.mcpUrl });
    expect(page.session.state.get().status).toBe('connected');
    await fixture!.expireSignIns();
    const call = page.session.currentClient!.callTool({ name: 'whoami', arguments: {} });
    call.catch(() => {});
    await waitFor(() => page.view().signInUrl !== undefined, 'the bridge to ask for sign-in again');
    const refresh = page
      .view()
      .steps.filter((step) => step.kind === 'refresh')
      .at(-1);
    expect(refresh?.status).toBe(400);
    expect(refresh?.decision).toMatch(
      /^Refused \(HTTP 400, invalid_grant.*\): the refresh token expired or was revoked, so you sign in again$/,
    );
    const after = page.view().steps.slice(page.view().steps.indexOf(refresh!));
    expect(after.map((step) => step.decision)).toContain('Waiting for you to sign in in the browser');
    // Sign in again: the call that met the expired token goes through with the new one.
    await signInThroughBridge(page.view().signInUrl!, callbackUrl);
    const result = await call;
    expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(/^client .* scopes /) }]);
    expect(page.view().steps.at(-1)?.kind).toBe('signed-in');
    expect(page.view().failure).toBeUndefined();
    await page.session.disconnect();
  });
});

describe('the pre-registered client’s token endpoint auth method, on the wire', () => {
  const client = { clientId: 'wire-client', clientSecret: 'wire-secret-1234' };

  /** The token request a sign-in with `method` sent (the fixture refuses it, after keeping it). */
  async function tokenRequestWith(method: 'client_secret_basic' | 'client_secret_post') {
    faulty!.fault = 'token-refused';
    const target = { transport: 'http' as const, url: faulty!.mcpUrl };
    const clients = new OAuthClients();
    clients.set(target, { ...client, tokenEndpointAuthMethod: method });
    const sent = faulty!.tokenRequests.length;
    await connectSigningIn(pageSession(clients), target);
    expect(faulty!.tokenRequests.length).toBeGreaterThan(sent);
    return faulty!.tokenRequests.at(-1)!;
  }

  it('client_secret_basic sends an Authorization: Basic header and no secret in the body', async () => {
    const request = await tokenRequestWith('client_secret_basic');
    const expected = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    expect(request.authorization).toBe(`Basic ${expected}`);
    expect(request.body.get('client_secret')).toBeNull();
    expect(request.body.get('grant_type')).toBe('authorization_code');
  });

  it('client_secret_post sends the id and secret in the body and no Authorization header', async () => {
    const request = await tokenRequestWith('client_secret_post');
    expect(request.authorization).toBeUndefined();
    expect(request.body.get('client_id')).toBe(client.clientId);
    expect(request.body.get('client_secret')).toBe(client.clientSecret);
  });
});
