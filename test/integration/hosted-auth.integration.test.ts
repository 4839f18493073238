import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  bearer,
  SESSION_SECRET,
  startTestHostedBridge,
  testAuth,
  TOKENS,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { cookiesOf, rawRequest } from '../support/raw-http.ts';

let bridge: TestHostedBridge;
let untrusting: TestHostedBridge;

beforeAll(async () => {
  bridge = await startTestHostedBridge({
    server: { trustedProxies: ['127.0.0.1/32'] },
    metrics: { users: ['alice'] },
  });
  // The same users and session secret, but the SSO header only counts from 10.0.0.0/8.
  untrusting = await startTestHostedBridge({ auth: testAuth(['10.0.0.0/8']) }, { record: false });
});
afterAll(async () => {
  await bridge.stop();
  await untrusting.stop();
});

const get = (target: TestHostedBridge, path: string, headers: Record<string, string> = {}) =>
  rawRequest(target.port, 'GET', path, headers);
const origin = (target: TestHostedBridge) => ({ origin: target.origin });

/** Signs in through the form, as a browser without JavaScript would; returns the cookie. */
async function signIn(target: TestHostedBridge, token: string, headers: Record<string, string> = {}) {
  const answer = await rawRequest(
    target.port,
    'POST',
    '/signin',
    { 'content-type': 'application/x-www-form-urlencoded', ...origin(target), ...headers },
    `token=${encodeURIComponent(token)}&next=${encodeURIComponent('/share/abc')}`,
  );
  return { answer, cookie: cookiesOf(answer)[0] ?? '' };
}

describe('hosted mode: who you are', () => {
  it('answers health checks and the static page without credentials', async () => {
    expect((await get(bridge, '/healthz')).status).toBe(200);
    expect((await get(bridge, '/readyz')).json()).toEqual({ status: 'ready' });
    expect((await get(bridge, '/')).status).toBe(200);
  });

  it('answers /readyz 503 while the store does not answer', async () => {
    const broken = await startTestHostedBridge(
      {},
      { record: false, storeProblem: async () => 'database is down' },
    );
    try {
      const ready = await get(broken, '/readyz');
      expect(ready.status).toBe(503);
      // The store's own words are the admin's: in the log; the answer names only what is wrong.
      expect(ready.json()).toEqual({ status: 'not ready', reason: 'the recordings store does not answer' });
      expect(broken.logText()).toContain('database is down');
      expect((await get(broken, '/healthz')).status).toBe(200);
    } finally {
      await broken.stop();
    }
  });

  it('refuses the API without credentials, and with a wrong token', async () => {
    const none = await get(bridge, '/api/config');
    expect(none.status).toBe(401);
    expect(none.json()).toMatchObject({ signIn: '/signin' });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="toolscope"');
    expect((await get(bridge, '/api/config', { authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await get(bridge, '/api/config', { authorization: `Basic ${TOKENS.alice}` })).status).toBe(401);
    expect((await get(bridge, '/api/recordings')).status).toBe(401);
    expect((await get(bridge, '/metrics')).status).toBe(401);
  });

  it('knows a token user and a trusted-header user, and says who they are in /api/config', async () => {
    const byToken = await get(bridge, '/api/config', bearer('alice'));
    expect(byToken.status).toBe(200);
    expect(byToken.json().hosted).toMatchObject({ user: { name: 'alice', via: 'token' } });
    const byHeader = await get(bridge, '/api/config', { 'x-forwarded-user': 'carol@example.com' });
    expect(byHeader.json().hosted).toMatchObject({ user: { name: 'carol@example.com', via: 'header' } });
    // Process-wide figures are for the users named in metrics.users only: they name other users' servers and load.
    expect((await get(bridge, '/metrics', bearer('alice'))).body).toContain('toolscope_connections');
    const refused = await get(bridge, '/metrics', bearer('bob'));
    expect(refused.status).toBe(403);
    expect(refused.json().error).toContain('metrics.users');
  });

  it('ignores the identity header from an address not trusted to set it', async () => {
    expect((await get(untrusting, '/api/config', { 'x-forwarded-user': 'mallory' })).status).toBe(401);
    expect((await get(untrusting, '/api/config', bearer('bob'))).status).toBe(200);
    await expect(
      HostedPage.open(untrusting.port, { 'x-forwarded-user': 'mallory', ...origin(untrusting) }),
    ).rejects.toThrow('HTTP 401');
  });

  it('serves a sign-in form that works without JavaScript', async () => {
    const page = await get(bridge, '/signin');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post" action="/signin">');
    expect(page.body).toContain('<label for="token">Access token</label>');
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('signs in with a token: an HttpOnly, SameSite=Strict cookie, then back to the page asked for', async () => {
    const wrong = await signIn(bridge, 'nope');
    expect(wrong.answer.status).toBe(401);
    expect(wrong.answer.body).toContain('That token is not valid');
    expect(wrong.cookie).toBe('');
    const { answer, cookie } = await signIn(bridge, TOKENS.alice);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/share/abc');
    const line = answer.headers['set-cookie']![0]!;
    expect(line).toMatch(/^toolscope-session=v1\./);
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).not.toContain('Secure');
    expect((await get(bridge, '/api/config', { cookie })).json().hosted).toMatchObject({
      user: { name: 'alice', via: 'cookie' },
    });
  });

  it('marks the cookie Secure when a trusted proxy says the request came over HTTPS', async () => {
    const { answer } = await signIn(bridge, TOKENS.bob, { 'x-forwarded-proto': 'https' });
    const line = answer.headers['set-cookie']![0]!;
    expect(line).toMatch(/^__Host-toolscope-session=/);
    expect(line).toContain('; Secure');
    // The same header from an address that is not a trusted proxy is not believed.
    const plain = await signIn(untrusting, TOKENS.bob, { 'x-forwarded-proto': 'https' });
    expect(plain.answer.headers['set-cookie']![0]).not.toContain('Secure');
  });

  it('refuses a cookie-authenticated write without its Origin or from another site, and a cross-site sign-in', async () => {
    const { cookie } = await signIn(bridge, TOKENS.alice);
    const patch = (headers: Record<string, string>) =>
      rawRequest(
        bridge.port,
        'PATCH',
        '/api/recordings/x',
        { cookie, 'content-type': 'application/json', ...headers },
        '{"name":"n"}',
      );
    expect((await patch({})).status).toBe(403);
    expect((await patch({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await patch(origin(bridge))).status).toBe(404);
    // A token client needs no Origin.
    expect(
      (
        await rawRequest(
          bridge.port,
          'PATCH',
          '/api/recordings/x',
          { ...bearer('alice'), 'content-type': 'application/json' },
          '{"name":"n"}',
        )
      ).status,
    ).toBe(404);
    const crossSite = await signIn(bridge, TOKENS.alice, { origin: 'http://evil.example' });
    expect(crossSite.answer.status).toBe(403);
    expect(crossSite.cookie).toBe('');
  });

  it('accepts a cookie issued by another process with the same secret, and a rotated-out secret while it is still listed', async () => {
    const { cookie } = await signIn(bridge, TOKENS.bob);
    expect((await get(untrusting, '/api/config', { cookie })).status).toBe(200);
    const rotated = await startTestHostedBridge(
      {
        auth: {
          ...testAuth(),
          session: { secrets: ['a-brand-new-session-secret-0123456789abcdef', SESSION_SECRET] },
        },
      },
      { record: false },
    );
    const other = await startTestHostedBridge(
      { auth: { ...testAuth(), session: { secrets: ['a-brand-new-session-secret-0123456789abcdef'] } } },
      { record: false },
    );
    try {
      expect((await get(rotated, '/api/config', { cookie })).status).toBe(200);
      expect((await get(other, '/api/config', { cookie })).status).toBe(401);
    } finally {
      await rotated.stop();
      await other.stop();
    }
  });

  it('signs out: the cookie is deleted and no longer accepted here', async () => {
    const { cookie } = await signIn(bridge, TOKENS.alice);
    const crossSite = await rawRequest(bridge.port, 'POST', '/signout', {
      cookie,
      origin: 'http://evil.example',
    });
    expect(crossSite.status).toBe(403);
    expect((await get(bridge, '/api/config', { cookie })).status).toBe(200);
    const out = await rawRequest(bridge.port, 'POST', '/signout', { cookie, ...origin(bridge) });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/signin');
    expect(out.headers['set-cookie']![0]).toContain('Max-Age=0');
    expect((await get(bridge, '/api/config', { cookie })).status).toBe(401);
  });

  it('refuses a tampered or expired-looking cookie', async () => {
    const { cookie } = await signIn(bridge, TOKENS.alice);
    const [name, value] = cookie.split('=') as [string, string];
    const [version, claims, signature] = value.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), user: 'bob' }),
    ).toString('base64url');
    expect(
      (await get(bridge, '/api/config', { cookie: `${name}=${version}.${forged}.${signature}` })).status,
    ).toBe(401);
  });

  it('opens page sockets by token, cookie (with its Origin) or trusted header, and refuses the rest', async () => {
    const { cookie } = await signIn(bridge, TOKENS.alice);
    await expect(HostedPage.open(bridge.port, {})).rejects.toThrow('HTTP 401');
    await expect(HostedPage.open(bridge.port, { authorization: 'Bearer wrong' })).rejects.toThrow('HTTP 401');
    await expect(HostedPage.open(bridge.port, { cookie })).rejects.toThrow('HTTP 403');
    await expect(HostedPage.open(bridge.port, { cookie, origin: 'http://evil.example' })).rejects.toThrow(
      'HTTP 403',
    );
    for (const headers of [
      bearer('bob'),
      { cookie, ...origin(bridge) },
      { 'x-forwarded-user': 'carol', ...origin(bridge) },
    ]) {
      const page = await HostedPage.open(bridge.port, headers);
      page.close();
    }
  });

  it('keeps share links behind sign-in unless the admin makes them public', async () => {
    const fakeShare = 'x'.repeat(43);
    expect((await get(bridge, `/api/shared/${fakeShare}`)).status).toBe(401);
    expect((await get(bridge, `/api/shared/${fakeShare}`, bearer('bob'))).status).toBe(404);
    const live = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/api/shared/${fakeShare}/live`);
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.once('open', () => resolve(101));
    });
    expect(live).toBe(401);
    const open = await startTestHostedBridge({ sharing: { public: true } });
    try {
      expect((await get(open, `/api/shared/${fakeShare}`)).status).toBe(404);
    } finally {
      await open.stop();
    }
  });

  it('serves /metrics on a port of its own when the config says so', async () => {
    const separate = await startTestHostedBridge({ metrics: { port: 0 } }, { record: false });
    try {
      const scrape = await rawRequest(separate.metricsPort!, 'GET', '/metrics');
      expect(scrape.status).toBe(200);
      expect(scrape.body).toContain('toolscope_tool_calls_total');
    } finally {
      await separate.stop();
    }
  });

  it('logs requests as JSON with a request id, and never the token or cookie', async () => {
    const { cookie } = await signIn(bridge, TOKENS.bob);
    const answer = await get(bridge, '/api/config?token=in-the-query', { cookie });
    const id = answer.headers['x-request-id'] as string;
    const line = bridge
      .logText()
      .split('\n')
      .find((entry) => entry.includes(id));
    expect(JSON.parse(line!)).toMatchObject({ reqId: id, path: '/api/config', status: 200, user: 'bob' });
    const all = bridge.logText() + bridge.auditText();
    for (const secret of [TOKENS.alice, TOKENS.bob, cookie.split('=')[1]!, 'in-the-query', SESSION_SECRET])
      expect(all).not.toContain(secret);
  });
});
