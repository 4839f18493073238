import { describe, expect, it } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import { challengeStep, PROBE_PING, probeChallenge, publishesResourceMetadata } from './challenge-probe.ts';

describe('probeChallenge', () => {
  it('POSTs a ping without a token over Streamable HTTP and reads the challenge’s scope', async () => {
    const sent: RequestInit[] = [];
    const challenge = await probeChallenge(
      new URL('http://mcp.example/mcp'),
      'http',
      { 'X-Team': 'a' },
      async (_url, init) => {
        sent.push(init!);
        return new Response('{}', {
          status: 401,
          headers: {
            'www-authenticate':
              'Bearer scope="mcp:basic", resource_metadata="http://mcp.example/.well-known/oauth-protected-resource/mcp"',
          },
        });
      },
    );
    expect(sent[0]).toMatchObject({ method: 'POST', body: PROBE_PING });
    const headers = new Headers(sent[0]!.headers);
    expect(headers.get('x-team')).toBe('a');
    expect(headers.get('authorization')).toBeNull();
    expect(challenge).toMatchObject({ status: 401, scope: 'mcp:basic' });
    expect(challenge?.resourceMetadataUrl?.href).toBe(
      'http://mcp.example/.well-known/oauth-protected-resource/mcp',
    );
    const step = challengeStep(challenge!, new URL('http://mcp.example/mcp'), 'http', 5, true);
    expect(step).toMatchObject({ kind: 'challenge', method: 'POST', status: 401, requestBody: PROBE_PING });
    expect(step.decision).toMatch(/asks for the scope it names \(mcp:basic\)$/);
  });

  it('GETs the event stream over legacy SSE; a server that does not answer gives no challenge', async () => {
    let method = '';
    await probeChallenge(new URL('http://mcp.example/sse'), 'sse', {}, async (_url, init) => {
      method = init!.method!;
      return new Response(null, { status: 401 });
    });
    expect(method).toBe('GET');
    const none = await probeChallenge(new URL('http://mcp.example/mcp'), 'http', {}, () =>
      Promise.reject(new TypeError('fetch failed')),
    );
    expect(none).toBeUndefined();
  });
});

describe('publishesResourceMetadata', () => {
  /** A server that holds every request open until the client gives up on it. */
  const hanging: FetchLike = (_url, init) =>
    new Promise((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    );

  it('reads published metadata as published', async () => {
    const served = async () =>
      Response.json({ resource: 'http://mcp.example/mcp', authorization_servers: ['http://as.example'] });
    expect(await publishesResourceMetadata(new URL('http://mcp.example/mcp'), served)).toBe(true);
  });

  it('takes a server that never answers the well-known URL as publishing none, and goes on', async () => {
    expect(await publishesResourceMetadata(new URL('http://mcp.example/mcp'), hanging, 50)).toBe(false);
  });
});
