import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  bearer,
  fixtureEntry,
  startTestHostedBridge,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { rawRequest } from '../support/raw-http.ts';

let bridge: TestHostedBridge;

beforeAll(async () => {
  bridge = await startTestHostedBridge({
    catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server') } },
  });
});
afterAll(async () => {
  await bridge.stop();
});

const api = (method: string, path: string, headers: Record<string, string>, body?: string) =>
  rawRequest(bridge.port, method, path, { 'content-type': 'application/json', ...headers }, body);

describe('hosted mode: isolation', () => {
  it("keeps each user's recordings and sessions their own; share links open for anyone signed in", async () => {
    const alice = await HostedPage.open(bridge.port, bearer('alice'));
    await alice.open({ catalog: { server: 'echo' } });
    await alice.callTool('echo', { text: 'alice was here' });
    const ready = alice.received.find((message) => message.type === 'ready');
    const recordingId = ready?.type === 'ready' ? ready.recordingId : undefined;
    expect(recordingId).toBeDefined();

    const mine = (await api('GET', '/api/recordings', bearer('alice'))).json();
    expect((mine.recordings as { id: string }[]).map((recording) => recording.id)).toEqual([recordingId]);
    expect(mine.file).toBe('');
    expect((await api('GET', '/api/recordings', bearer('bob'))).json().recordings).toEqual([]);

    // Everything bob tries on alice's recording answers as for a recording that does not exist.
    const path = `/api/recordings/${recordingId}`;
    expect((await api('GET', path, bearer('bob'))).status).toBe(404);
    expect((await api('PATCH', path, bearer('bob'), '{"name":"mine now"}')).status).toBe(404);
    expect((await api('POST', `${path}/share`, bearer('bob'))).status).toBe(404);
    expect((await api('DELETE', `${path}/share`, bearer('bob'))).status).toBe(404);
    expect((await api('DELETE', path, bearer('bob'))).status).toBe(404);
    expect((await api('GET', path, bearer('alice'))).status).toBe(200);
    expect(
      (await api('PUT', '/api/recordings/settings', bearer('alice'), '{"retentionDays":1}')).status,
    ).toBe(403);

    // Open connections: alice sees hers, bob sees none and cannot end hers.
    const connections = (await api('GET', '/api/connections', bearer('alice'))).json();
    expect(connections.connections).toEqual([
      expect.objectContaining({
        id: alice.channelId,
        server: 'echo',
        catalog: true,
        transport: 'stdio',
        recordingId,
      }),
    ]);
    // The former name still answers, with the list under its former key.
    expect((await api('GET', '/api/channels', bearer('alice'))).json().channels).toEqual(
      connections.connections,
    );
    expect((await api('GET', '/api/connections', bearer('bob'))).json().connections).toEqual([]);
    expect((await api('DELETE', `/api/connections/${alice.channelId}`, bearer('bob'))).status).toBe(404);
    expect((await api('DELETE', `/api/channels/${alice.channelId}`, bearer('bob'))).status).toBe(404);
    expect((await alice.callTool('echo', { text: 'still mine' })).result?.content?.[0]?.text).toBe(
      'still mine',
    );

    // A share link alice makes opens for bob, signed in, and for nobody else.
    const shared = (await api('POST', `${path}/share`, bearer('alice'))).json();
    const shareId = shared.shareId as string;
    const snapshot = await api('GET', `/api/shared/${shareId}`, bearer('bob'));
    expect(snapshot.status).toBe(200);
    expect(snapshot.body).toContain('alice was here');
    expect((await api('GET', `/api/shared/${shareId}`, {})).status).toBe(401);
    const live = await new Promise<string>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/api/shared/${shareId}/live`, {
        headers: { ...bearer('bob') },
      });
      ws.once('message', (data) => {
        resolve(data.toString());
        ws.close();
      });
      ws.once('unexpected-response', (_request, response) => resolve(`HTTP ${response.statusCode}`));
    });
    expect(live).toContain('"type":"frame"');

    // Alice ends her own connection from the list: her page hears why, and its server stops.
    const from = alice.received.length;
    expect((await api('DELETE', `/api/connections/${alice.channelId}`, bearer('alice'))).status).toBe(204);
    await alice.next(from, (message) => message.type === 'event' && message.event.kind === 'closed');
    expect(alice.errors()).toContain('This connection was ended from your list of open connections');
    expect((await api('GET', '/api/connections', bearer('alice'))).json().connections).toEqual([]);
    alice.close();
  });

  it('binds a page socket to its user: the same user by token, cookie or header shares one identity', async () => {
    const byHeader = await HostedPage.open(bridge.port, {
      'x-forwarded-user': 'alice',
      origin: bridge.origin,
    });
    await byHeader.open({ catalog: { server: 'echo' } });
    const listed = (await api('GET', '/api/connections', bearer('alice'))).json().connections as {
      id: string;
    }[];
    expect(listed.map((connection) => connection.id)).toContain(byHeader.channelId);
    expect(
      (await api('GET', '/api/connections', { 'x-forwarded-user': 'carol' })).json().connections,
    ).toEqual([]);
    byHeader.close();
  });
});
