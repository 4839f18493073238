/**
 * DPoP (RFC 9449) against a real authorization server (oidc-provider) and an MCP server that takes
 * only DPoP-bound tokens. Nothing tells the client to use DPoP: the server's challenge names the
 * DPoP scheme, so the client signs its token request with a key of its own, retries it with the
 * authorization server's nonce (§8), and presents the bound token with a fresh proof on each
 * request (§7). The token and the proofs stay out of what the upstream reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { oauthUpstream } from '../support/oauth-upstream.ts';

let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture({ dpop: true });
});
afterAll(async () => {
  await fixture.close();
});

describe('DPoP-bound tokens', () => {
  it('binds the token to its key when the server challenges with DPoP, with the nonce retry; no token or proof in the events', async () => {
    const { upstream, ask, initialize, reported } = oauthUpstream(fixture.mcpUrl, {
      clientCredentials: true,
      ...MACHINE,
      scope: 'mcp:tools',
    });
    try {
      await initialize('dpop-test');
      const answer = await ask('tools/call', { name: 'whoami', arguments: {} });
      expect(JSON.stringify(answer.result)).toContain(`client ${MACHINE.clientId}`);
      expect(fixture.grants).toEqual(['client_credentials']);
      // The authorization server asked for a nonce once; the client retried with it.
      expect(fixture.dpop.nonceChallenges).toBe(1);
      // Every accepted request carried a bound token and a proof of its own.
      expect(fixture.dpop.boundTokens).toBeGreaterThanOrEqual(2);
      expect(new Set(fixture.dpop.proofs).size).toBe(fixture.dpop.proofs.length);
      for (const token of fixture.tokensSeen) expect(reported()).not.toContain(token);
      for (const proof of fixture.dpop.proofs) expect(reported()).not.toContain(proof.split('.')[1]);
    } finally {
      await upstream.close();
    }
  });

  it('stays on Bearer with --no-dpop, and the server refuses it with a DPoP challenge', async () => {
    const { upstream, steps } = oauthUpstream(fixture.mcpUrl, {
      clientCredentials: true,
      ...MACHINE,
      scope: 'mcp:tools',
      dpop: 'never',
    });
    const before = fixture.dpop.proofs.length;
    try {
      await upstream.start();
      const message = { jsonrpc: '2.0' as const, id: 1, method: 'tools/list', params: {} };
      await expect(upstream.send(message, JSON.stringify(message))).rejects.toThrow();
      expect(fixture.dpop.proofs.length).toBe(before);
      const challenge = steps().find((step) => step.kind === 'challenge');
      expect(JSON.stringify(challenge)).toContain('WWW-Authenticate: DPoP');
    } finally {
      await upstream.close();
    }
  });
});
