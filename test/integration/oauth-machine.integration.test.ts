/**
 * Machine clients against a real authorization server (oidc-provider): the client_credentials grant
 * with a client that authenticates by a signed JWT (private_key_jwt, RFC 7523) instead of a secret.
 * The upstream gets a token without any authorization step, and neither the token, the signed
 * assertion nor the private key appears in what the upstream reports (the trace and the steps).
 */
import { generateKeyPairSync } from 'node:crypto';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import { HttpUpstream } from '../../server/upstream/http-upstream.ts';
import { MACHINE_JWT_CLIENT_ID, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';

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
    const upstream = new HttpUpstream(
      { transport: 'http', url: fixture.mcpUrl },
      {
        oauth: {
          clientCredentials: true,
          clientId: MACHINE_JWT_CLIENT_ID,
          privateKey: privateKeyPem,
          signingAlg: 'ES256',
          scope: 'mcp:tools',
        },
      },
    );
    const events: BridgeEvent[] = [];
    const answers = new Map<number, (message: JSONRPCMessage) => void>();
    const bodies: string[] = [];
    upstream.onevent = (event) => events.push(event);
    upstream.onmessage = (message, text) => {
      bodies.push(text);
      if ('id' in message && !('method' in message)) answers.get(Number(message.id))?.(message);
    };
    const ask = async (id: number, method: string, params: Record<string, unknown>) => {
      const answer = new Promise<JSONRPCMessage>((resolve) => answers.set(id, resolve));
      const message = { jsonrpc: '2.0' as const, id, method, params };
      await upstream.send(message, JSON.stringify(message));
      return (await answer) as JSONRPCMessage & { result?: Record<string, unknown> };
    };
    try {
      await upstream.start();
      await ask(1, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'oauth-test', version: '0' },
      });
      const answer = await ask(2, 'tools/call', { name: 'whoami', arguments: {} });
      expect(JSON.stringify(answer.result)).toContain(`client ${MACHINE_JWT_CLIENT_ID}`);
      expect(fixture.grants).toEqual(['client_credentials']);
      const steps = events.flatMap((event) => (event.kind === 'oauth-step' ? [event.step] : []));
      expect(steps.some((step) => step.kind === 'token' && step.status === 200)).toBe(true);
      expect(steps.some((step) => step.kind === 'authorize' || step.kind === 'registration')).toBe(false);
      const reported = JSON.stringify(events) + bodies.join('');
      expect(fixture.tokensSeen.length).toBeGreaterThan(0);
      for (const token of fixture.tokensSeen) expect(reported).not.toContain(token);
      expect(reported).not.toContain('client_assertion');
      expect(reported).not.toContain('PRIVATE KEY');
    } finally {
      await upstream.close();
    }
  });

  it('says what went wrong when the key is not the registered one', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const upstream = new HttpUpstream(
      { transport: 'http', url: fixture.mcpUrl },
      {
        oauth: {
          clientCredentials: true,
          clientId: MACHINE_JWT_CLIENT_ID,
          privateKey: other.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
          scope: 'mcp:tools',
        },
      },
    );
    const events: BridgeEvent[] = [];
    upstream.onevent = (event) => events.push(event);
    try {
      await upstream.start();
      const message = { jsonrpc: '2.0' as const, id: 1, method: 'tools/list', params: {} };
      await expect(upstream.send(message, JSON.stringify(message))).rejects.toThrow(/invalid_client|client/i);
      const failed = events.find((event) => event.kind === 'oauth-step' && event.step.kind === 'failed');
      expect(failed).toBeDefined();
    } finally {
      await upstream.close();
    }
  });
});
