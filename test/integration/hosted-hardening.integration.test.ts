import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestHostedBridge, type TestHostedBridge } from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { rawRequest } from '../support/raw-http.ts';

/** Hosted hardening: special address ranges, a repeated identity header, /metrics, /readyz. */
let bridge: TestHostedBridge;

beforeAll(async () => {
  bridge = await startTestHostedBridge(
    { userUrls: { enabled: true }, metrics: { users: ['alice'] } },
    { record: false, storeProblem: async () => 'connect ECONNREFUSED db.internal:5432 as toolscope_admin' },
  );
});
afterAll(async () => {
  await bridge?.stop();
});

/** A GET with header `name` sent once per value, as separate lines (Node sends an array that way). */
function getWithRepeated(path: string, name: string, values: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: bridge.port, path, headers: { [name]: values } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.once('error', reject);
    request.end();
  });
}

describe('hosted mode: smaller promises kept', () => {
  it.each([
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated'],
    ['64:ff9b:1::7f00:1', 'NAT64'],
    ['2001:20::1', 'ORCHIDv2'],
    ['3fff::1', 'documentation'],
    ['100:0:0:1::1', 'dummy'],
  ])('refuses a user URL to [%s] (%s)', async (address, kind) => {
    const alice = await HostedPage.open(bridge.port, bearer('alice'));
    const answer = await alice.connect({ target: { transport: 'http', url: `http://[${address}]:9/mcp` } });
    expect(answer.type).toBe('failed');
    expect(answer.type === 'failed' && answer.error).toContain(kind);
    alice.close();
  });

  it('refuses a trusted identity header that came twice, instead of joining it into a new name', async () => {
    expect(await getWithRepeated('/api/config', 'x-forwarded-user', ['carol'])).toBe(200);
    expect(await getWithRepeated('/api/config', 'x-forwarded-user', ['alice', 'bob'])).toBe(401);
    await expect(
      new Promise((resolve, reject) => {
        const request = httpRequest({
          host: '127.0.0.1',
          port: bridge.port,
          path: '/api/config',
          headers: { 'x-forwarded-user': ['alice', 'bob'] },
        });
        request.once('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve(body));
        });
        request.once('error', reject);
        request.end();
      }),
    ).resolves.toContain('came more than once');
    await expect(
      HostedPage.open(bridge.port, {
        'x-forwarded-user': ['alice', 'bob'] as unknown as string,
        origin: bridge.origin,
      }),
    ).rejects.toThrow('HTTP 401');
  });

  it('refuses a trusted identity header whose one value names two users, as a proxy merging repeated headers sends it', async () => {
    expect(await getWithRepeated('/api/config', 'x-forwarded-user', ['alice, bob'])).toBe(401);
    expect(await getWithRepeated('/api/config', 'x-forwarded-user', ['alice,bob'])).toBe(401);
    const refused = await rawRequest(bridge.port, 'GET', '/api/config', { 'x-forwarded-user': 'alice, bob' });
    expect(refused.body).toContain('names more than one user');
    await expect(
      HostedPage.open(bridge.port, { 'x-forwarded-user': 'alice, bob', origin: bridge.origin }),
    ).rejects.toThrow('HTTP 401');
    // One user, as before.
    expect(await getWithRepeated('/api/config', 'x-forwarded-user', ['carol'])).toBe(200);
  });

  it('shows /metrics to the users in metrics.users only', async () => {
    expect((await rawRequest(bridge.port, 'GET', '/metrics', bearer('alice'))).status).toBe(200);
    const bob = await rawRequest(bridge.port, 'GET', '/metrics', bearer('bob'));
    expect(bob.status).toBe(403);
    expect(bob.body).not.toContain('toolscope_');
  });

  it('answers /readyz 503 without the store error, which goes to the log', async () => {
    const ready = await rawRequest(bridge.port, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).not.toContain('db.internal');
    expect(ready.json()).toEqual({ status: 'not ready', reason: 'the recordings store does not answer' });
    expect(bridge.logText()).toContain('connect ECONNREFUSED db.internal:5432');
  });

  it('caps the sockets one user holds open (limits.socketsPerUser), naming the limit, and frees a place on close', async () => {
    const capped = await startTestHostedBridge({ limits: { socketsPerUser: 3 } }, { record: false });
    try {
      const open = await Promise.all([1, 2, 3].map(() => HostedPage.open(capped.port, bearer('alice'))));
      await expect(HostedPage.open(capped.port, bearer('alice'))).rejects.toThrow('HTTP 429');
      const refused = await rawRequest(capped.port, 'GET', '/api/ws', {
        ...bearer('alice'),
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toContain('limits.socketsPerUser');
      // Another user is not affected.
      (await HostedPage.open(capped.port, bearer('bob'))).close();
      open[0]!.close();
      const deadline = Date.now() + 10_000;
      let again: HostedPage | undefined;
      while (!again && Date.now() < deadline)
        again = await HostedPage.open(capped.port, bearer('alice')).catch(() => undefined);
      expect(again).toBeDefined();
      for (const page of [...open, again!]) page.close();
    } finally {
      await capped.stop();
    }
  });
});
