import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningBridge } from '../../server/bridge.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';

let bridge: RunningBridge;

beforeAll(async () => {
  bridge = await startTestBridge({ token: 'integration-test-token-0123456789' });
});
afterAll(async () => {
  await bridge.close();
});

/** A raw HTTP GET with exactly the headers given (fetch would not let us forge Host). */
function get(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: bridge.port, path, headers, setHost: false },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Opens a WebSocket with forged headers; resolves with 'open' or the refusal's HTTP status. */
function openSocket(query: string, headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/api/ws${query}`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

describe('bridge access control', () => {
  const host = () => `127.0.0.1:${bridge.port}`;
  const token = () => bridge.token;

  it('serves the API with the token, from its own origin', async () => {
    expect(await get('/api/config', { host: host(), 'x-toolscope-token': token() })).toBe(200);
    expect(await get(`/api/config?token=${token()}`, { host: host(), origin: `http://${host()}` })).toBe(200);
  });

  it('refuses HTTP API requests without the token, with a foreign Origin or a foreign Host', async () => {
    expect(await get('/api/config', { host: host() })).toBe(401);
    expect(await get('/api/config', { host: host(), 'x-toolscope-token': 'wrong' })).toBe(401);
    expect(
      await get('/api/config', { host: host(), 'x-toolscope-token': token(), origin: 'http://evil.example' }),
    ).toBe(403);
    expect(
      await get('/api/config', { host: `evil.example:${bridge.port}`, 'x-toolscope-token': token() }),
    ).toBe(403);
  });

  it('serves the static page without a token (it holds no secret)', async () => {
    expect(await get('/', { host: host() })).toBe(200);
  });

  it('accepts the WebSocket with the token from its own origin', async () => {
    expect(await openSocket(`?token=${token()}`, { origin: `http://${host()}` })).toBe('open');
  });

  it('refuses WebSockets without the token, with a foreign Origin or a foreign Host', async () => {
    expect(await openSocket('', {})).toBe(401);
    expect(await openSocket('?token=nope', {})).toBe(401);
    expect(await openSocket(`?token=${token()}`, { origin: 'http://evil.example' })).toBe(403);
    expect(await openSocket(`?token=${token()}`, { host: `attacker.test:${bridge.port}` })).toBe(403);
  });
});
