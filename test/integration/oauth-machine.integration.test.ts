/**
 * Machine clients against a real authorization server (oidc-provider): the client_credentials grant
 * with a client that authenticates by a signed JWT (private_key_jwt, RFC 7523) instead of a secret.
 * The upstream gets a token without any authorization step, and neither the token, the signed
 * assertion nor the private key appears in what the upstream reports (the trace and the steps).
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_JWT_CLIENT_ID, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { oauthUpstream } from '../support/oauth-upstream.ts';

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const privateKeyPem = keys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const publicJwk = { ...keys.publicKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig' };

let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture({ machinePublicKey: publicJwk });
});
afterAll(async () => {
  await fixture.close();
});

describe('OAuth machine client with private_key_jwt', () => {
  it('gets a token by client_credentials with a signed assertion; no token, assertion or key in the events', async () => {
    const { upstream, ask, initialize, steps, reported } = oauthUpstream(fixture.mcpUrl, {
      clientCredentials: true,
      clientId: MACHINE_JWT_CLIENT_ID,
      privateKey: privateKeyPem,
      signingAlg: 'ES256',
      scope: 'mcp:tools',
    });
    try {
      await initialize();
      const answer = await ask('tools/call', { name: 'whoami', arguments: {} });
      expect(JSON.stringify(answer.result)).toContain(`client ${MACHINE_JWT_CLIENT_ID}`);
      expect(fixture.grants).toEqual(['client_credentials']);
      expect(steps().some((step) => step.kind === 'token' && step.status === 200)).toBe(true);
      expect(steps().some((step) => step.kind === 'authorize' || step.kind === 'registration')).toBe(false);
      expect(fixture.tokensSeen.length).toBeGreaterThan(0);
      for (const token of fixture.tokensSeen) expect(reported()).not.toContain(token);
      expect(reported()).not.toContain('client_assertion');
      expect(reported()).not.toContain('PRIVATE KEY');
    } finally {
      await upstream.close();
    }
  });

  it('says what went wrong when the key is not the registered one', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const { upstream, steps } = oauthUpstream(fixture.mcpUrl, {
      clientCredentials: true,
      clientId: MACHINE_JWT_CLIENT_ID,
      privateKey: other.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      scope: 'mcp:tools',
    });
    try {
      await upstream.start();
      const message = { jsonrpc: '2.0' as const, id: 1, method: 'tools/list', params: {} };
      await expect(upstream.send(message, JSON.stringify(message))).rejects.toThrow(/invalid_client|client/i);
      const failed = steps().find((step) => step.kind === 'failed');
      expect(failed).toBeDefined();
    } finally {
      await upstream.close();
    }
  });
});
