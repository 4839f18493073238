/**
 * OAuth in the upstream layer, against a real authorization server (oidc-provider) and a protected
 * MCP server built with the SDK v2 server, both in this process: the upstream signs in headless by
 * itself (discovery, dynamic registration, PKCE, the code exchange), refreshes, steps up, uses a
 * pre-registered client or client_credentials, and logs each step without a token in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import { HttpUpstream } from '../../server/upstream/http-upstream.ts';
import type { OAuthOptions } from '../../server/oauth/oauth-options.ts';
import { MACHINE, PRE_REGISTERED, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { oauthUpstream } from '../support/oauth-upstream.ts';

let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture();
});
afterAll(async () => {
  await fixture.close();
});

/** An upstream to the fixture, started and initialized, with helpers to ask and to read what it reported. */
async function open(oauth: OAuthOptions | undefined) {
  const opened = oauthUpstream(fixture.mcpUrl, oauth);
  const init = await opened.initialize();
  const initialized = { jsonrpc: '2.0' as const, method: 'notifications/initialized' };
  await opened.upstream.send(initialized, JSON.stringify(initialized));
  return { ...opened, init };
}

describe('OAuth in the HTTP upstream (headless)', () => {
  it('discovers, registers, signs in with PKCE and lists the tools; every step logged, no token in them', async () => {
    const { upstream, ask, init, steps, events } = await open({ headless: true });
    try {
      expect(init.result?.serverInfo).toMatchObject({ name: 'oauth-fixture' });
      const tools = await ask('tools/list');
      expect((tools.result?.tools as { name: string }[]).map((tool) => tool.name)).toEqual([
        'whoami',
        'admin',
      ]);
      const kinds = steps().map((step) => step.kind);
      expect(kinds).toEqual(
        expect.arrayContaining([
          'challenge',
          'resource-metadata',
          'server-metadata',
          'registration',
          'authorize',
          'callback',
          'token',
          'signed-in',
        ]),
      );
      expect(kinds.indexOf('challenge')).toBeLessThan(kinds.indexOf('token'));
      const authorize = steps().find((step) => step.kind === 'authorize')!;
      expect(authorize.url).toContain('code_challenge_method=S256');
      expect(authorize.url).toContain(`resource=${encodeURIComponent(fixture.mcpUrl)}`);
      expect(fixture.registrations.length).toBeGreaterThan(0);
      expect(fixture.grants).toContain('authorization_code');
      const logged = JSON.stringify(events);
      expect(fixture.tokensSeen.length).toBeGreaterThan(0);
      for (const token of fixture.tokensSeen) expect(logged).not.toContain(token);
    } finally {
      await upstream.close();
    }
  });

  it('refreshes an expired access token without a new sign-in', async () => {
    const { upstream, ask, steps } = await open({ headless: true });
    try {
      const before = steps().filter((step) => step.kind === 'authorize').length;
      await fixture.expireAccessTokens();
      const tools = await ask('tools/list');
      expect(tools.result?.tools).toHaveLength(2);
      expect(steps().some((step) => step.kind === 'refresh' && step.status === 200)).toBe(true);
      expect(steps().filter((step) => step.kind === 'authorize')).toHaveLength(before);
    } finally {
      await upstream.close();
    }
  });

  it('steps up on 403 insufficient_scope and calls the tool with the wider token', async () => {
    // A pre-registered client: a dynamically registered one is held to the scope it registered with.
    const { upstream, ask, steps } = await open({ headless: true, ...PRE_REGISTERED });
    try {
      const answer = await ask('tools/call', { name: 'admin', arguments: {} });
      expect(answer.result?.content).toEqual([{ type: 'text', text: 'admin ok' }]);
      const challenges = steps().filter((step) => step.kind === 'challenge');
      expect(challenges.some((step) => step.status === 403)).toBe(true);
      const authorizations = steps().filter((step) => step.kind === 'authorize');
      expect(authorizations.at(-1)!.url).toContain('mcp%3Aadmin');
    } finally {
      await upstream.close();
    }
  });

  it('uses a pre-registered client (no registration) with its secret', async () => {
    const registered = fixture.registrations.length;
    const { upstream, ask, steps } = await open({ headless: true, ...PRE_REGISTERED });
    try {
      const answer = await ask('tools/call', { name: 'whoami', arguments: {} });
      expect(JSON.stringify(answer.result)).toContain(`client ${PRE_REGISTERED.clientId}`);
      expect(fixture.registrations.length).toBe(registered);
      expect(steps().some((step) => step.kind === 'registration')).toBe(false);
      expect(JSON.stringify(steps())).not.toContain(PRE_REGISTERED.clientSecret);
    } finally {
      await upstream.close();
    }
  });

  it('signs in a machine client with client_credentials, no authorization step', async () => {
    const { upstream, ask, steps } = await open({ clientCredentials: true, ...MACHINE, scope: 'mcp:tools' });
    try {
      const answer = await ask('tools/call', { name: 'whoami', arguments: {} });
      expect(JSON.stringify(answer.result)).toContain(`client ${MACHINE.clientId}`);
      expect(fixture.grants).toContain('client_credentials');
      expect(steps().some((step) => step.kind === 'authorize')).toBe(false);
    } finally {
      await upstream.close();
    }
  });

  it('without OAuth options, a protected server is a 401 as before', async () => {
    const upstream = new HttpUpstream({ transport: 'http', url: fixture.mcpUrl });
    const events: BridgeEvent[] = [];
    upstream.onevent = (event) => events.push(event);
    await upstream.start();
    const message = { jsonrpc: '2.0' as const, id: 1, method: 'initialize', params: {} };
    await expect(upstream.send(message, JSON.stringify(message))).rejects.toThrow();
    expect(events).toContainEqual(expect.objectContaining({ kind: 'http-error', status: 401 }));
    await upstream.close();
  });
});
