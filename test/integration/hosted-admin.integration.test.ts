import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview, ReloadAnswer } from '#shared/hosted-admin.ts';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import {
  auditEntries,
  bearer,
  fixtureEntry,
  parseTestConfig,
  SESSION_SECRET,
  startTestHostedBridge,
  testAuth,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { rawRequest } from '../support/raw-http.ts';

/*
 * auth.admins: alice is one, bob is not. Alice sees every user's connections (server, since, bytes)
 * and recordings (owner, size) and the store's size, ends bob's connection, unshares and deletes
 * his recording, reads /metrics and reloads the config; each action is audited with her name, and
 * so are bob's own shares. Bob gets 403 naming auth.admins.
 */
const catalog = { mcpServers: { echo: fixtureEntry('hosted-echo-server') } };
const base = { auth: { ...testAuth(), admins: ['alice'] }, catalog };
let reloadWith: Record<string, unknown> = base;
let bridge: TestHostedBridge;

beforeAll(async () => {
  bridge = await startTestHostedBridge(base, { readConfig: async () => parseTestConfig(reloadWith) });
});
afterAll(async () => {
  await bridge.stop();
});

const api = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  rawRequest(bridge.port, method, path, { 'content-type': 'application/json', ...headers }, body);

async function overview(): Promise<AdminOverview> {
  const answer = await api('GET', '/api/admin', bearer('alice'));
  expect(answer.status).toBe(200);
  return answer.json() as unknown as AdminOverview;
}

describe('hosted admins', () => {
  it('are told apart by /api/config; everyone else gets 403 naming auth.admins', async () => {
    const hosted = (user: 'alice' | 'bob') =>
      api('GET', '/api/config', bearer(user)).then((answer) => answer.json().hosted as { user: object });
    expect((await hosted('alice')).user).toEqual({ name: 'alice', via: 'token', admin: true });
    expect((await hosted('bob')).user).toEqual({ name: 'bob', via: 'token' });
    for (const [method, path] of [
      ['GET', '/api/admin'],
      ['POST', '/api/admin/reload'],
      ['DELETE', '/api/admin/connections/x'],
      ['DELETE', '/api/admin/recordings/x'],
    ] as const) {
      const refused = await api(method, path, bearer('bob'));
      expect(refused.status).toBe(403);
      expect(refused.json().error).toMatch(/auth\.admins/);
    }
    expect((await api('GET', '/metrics', bearer('alice'))).status).toBe(200);
    expect((await api('GET', '/metrics', bearer('bob'))).status).toBe(403);
  });

  it("see every connection and recording with its owner and size, end bob's connection, unshare and delete his recording", async () => {
    const bob = await HostedPage.open(bridge.port, bearer('bob'));
    await bob.open({ catalog: { server: 'echo' } });
    await bob.callTool('echo', { text: 'bob was here' });
    const ready = bob.received.find((message) => message.type === 'ready');
    const recordingId = ready?.type === 'ready' ? ready.recordingId! : '';
    const shared = await api('POST', `/api/recordings/${recordingId}/share`, bearer('bob'));
    const shareId = shared.json().shareId as string;

    const seen = await overview();
    expect(seen.connections).toEqual([
      expect.objectContaining({ id: bob.channelId, user: 'bob', server: 'echo', transport: 'stdio' }),
    ]);
    expect(seen.connections[0]!.since).toBeLessThanOrEqual(Date.now());
    expect(seen.connections[0]!.bytesToServer).toBeGreaterThan(0);
    expect(seen.connections[0]!.bytesFromServer).toBeGreaterThan(0);
    expect(seen.recordings).toEqual([
      expect.objectContaining({ id: recordingId, user: 'bob', live: true, shared: true, calls: 1 }),
    ]);
    expect(seen.recordings[0]!.bytes).toBeGreaterThan(0);
    expect(seen.store).toMatchObject({ kind: 'sqlite', recordings: 1, retentionDays: 30 });
    expect(seen.store!.recordedBytes).toBe(seen.recordings[0]!.bytes);
    expect(seen.store!.fileBytes).toBeGreaterThan(0);
    expect(seen.users).toEqual([
      expect.objectContaining({ name: 'alice', admin: true, tokens: 1, pages: 0, connections: 0 }),
      expect.objectContaining({
        name: 'bob',
        admin: false,
        tokens: 1,
        pages: 1,
        connections: 1,
        recordings: 1,
      }),
    ]);

    expect((await api('DELETE', `/api/admin/connections/${bob.channelId}`, bearer('alice'))).status).toBe(
      204,
    );
    await bob.next(0, (message) => message.type === 'event' && message.event.kind === 'closed');
    expect(bob.errors()).toContain('An admin ended this connection.');
    expect(bob.closed).toBe(false);
    expect((await api('DELETE', `/api/admin/connections/${bob.channelId}`, bearer('alice'))).status).toBe(
      404,
    );

    expect((await api('DELETE', `/api/admin/recordings/${recordingId}/share`, bearer('alice'))).status).toBe(
      204,
    );
    expect((await api('GET', `/api/shared/${shareId}`, bearer('bob'))).status).toBe(404);
    expect((await api('DELETE', `/api/admin/recordings/${recordingId}`, bearer('alice'))).status).toBe(204);
    expect((await api('GET', '/api/recordings', bearer('bob'))).json().recordings).toEqual([]);
    expect((await api('DELETE', `/api/admin/recordings/${recordingId}`, bearer('alice'))).status).toBe(404);

    const audit = auditEntries(bridge);
    expect(audit).toContainEqual(
      expect.objectContaining({
        event: 'recording-share',
        user: 'bob',
        owner: 'bob',
        recording: recordingId,
      }),
    );
    for (const event of ['recording-unshare', 'recording-delete'])
      expect(audit).toContainEqual(
        expect.objectContaining({ event, user: 'alice', owner: 'bob', recording: recordingId, admin: true }),
      );
    expect(audit).toContainEqual(
      expect.objectContaining({
        event: 'connection-end',
        user: 'alice',
        owner: 'bob',
        server: 'echo',
        admin: true,
      }),
    );
    expect(JSON.stringify(audit)).not.toContain(shareId);
    bob.close();
  });

  it('reload the config from the page; a user the new config drops loses their open pages', async () => {
    const carol = { user: 'carol', sha256: tokenDigest('carol-token-0123456789abcdef') };
    const header = await HostedPage.open(bridge.port, {
      'x-forwarded-user': 'dana',
      origin: `http://127.0.0.1:${bridge.port}`,
    });
    const bob = await HostedPage.open(bridge.port, bearer('bob'));
    reloadWith = {
      ...base,
      auth: {
        tokens: [...testAuth().tokens, carol],
        session: { secrets: [SESSION_SECRET] },
        admins: ['alice'],
      },
    };
    const answer = await api('POST', '/api/admin/reload', bearer('alice'));
    expect(answer.status).toBe(200);
    expect(answer.json() as unknown as ReloadAnswer).toMatchObject({
      ok: true,
      applied: ['auth.tokens', 'auth.trustedHeader'],
      restart: [],
      endedUsers: ['dana'],
    });
    expect(await header.whenClosed()).toMatchObject({ code: 1008 });
    expect(bob.closed).toBe(false);
    expect(
      (await api('GET', '/api/config', { authorization: 'Bearer carol-token-0123456789abcdef' })).status,
    ).toBe(200);
    expect((await overview()).lastReload).toMatchObject({ ok: true, by: 'alice' });

    reloadWith = { ...base, limits: { connectionsPerUser: 0 } };
    const refused = await api('POST', '/api/admin/reload', bearer('alice'));
    expect(refused.status).toBe(422);
    expect(refused.json().problems).toEqual([expect.stringMatching(/^limits\.connectionsPerUser: /)]);
    expect(bridge.logText()).toContain('config reload refused');
    expect(auditEntries(bridge)).toContainEqual(
      expect.objectContaining({ event: 'config-reload', by: 'alice', outcome: 'refused' }),
    );
    bob.close();
  });
});

describe('a page refused for its address', () => {
  it('asks the site check why, and is told which setting to change', async () => {
    const origin = `http://127.0.0.1:${bridge.port}`;
    expect((await rawRequest(bridge.port, 'POST', '/api/site-check', { origin })).status).toBe(204);
    // A proxy that forwards to 127.0.0.1 without passing the public Host: the page's Origin is its own name.
    const refused = await rawRequest(bridge.port, 'POST', '/api/site-check', {
      origin: 'https://toolscope.example.com',
    });
    expect(refused.status).toBe(403);
    expect(refused.json().error).toBe(
      'Origin not allowed: https://toolscope.example.com (if users reach the bridge by that name, add "toolscope.example.com" to server.allowedHosts)',
    );
    const host = await rawRequest(bridge.port, 'POST', '/api/site-check', { host: 'tools.internal:8443' });
    expect(host.json().error).toMatch(/^Host not allowed: tools\.internal:8443 .*server\.allowedHosts/);
  });
});

describe('the trusted header with a proxy secret', () => {
  it('counts only with the secret the proxy sends', async () => {
    const secret = 'proxy-secret-for-tests-0123456789abcdef';
    const guarded = await startTestHostedBridge(
      {
        auth: {
          ...testAuth(),
          trustedHeader: {
            name: 'X-Forwarded-User',
            from: ['127.0.0.1/32'],
            proxySecret: { header: 'X-Proxy-Secret', value: '${env:PROXY_SECRET}' },
          },
        },
      },
      { env: { PROXY_SECRET: secret }, record: false },
    );
    try {
      const asDana = (headers: Record<string, string>) =>
        rawRequest(guarded.port, 'GET', '/api/config', { 'x-forwarded-user': 'dana', ...headers });
      expect((await asDana({})).status).toBe(401);
      expect((await asDana({ 'x-proxy-secret': 'guess' })).status).toBe(401);
      expect((await asDana({ 'x-proxy-secret': secret })).status).toBe(200);
      await expect(HostedPage.open(guarded.port, { 'x-forwarded-user': 'dana' })).rejects.toThrow('HTTP 401');
      expect(guarded.logText()).not.toContain(secret);
    } finally {
      await guarded.stop();
    }
  });
});
