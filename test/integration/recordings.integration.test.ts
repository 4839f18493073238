import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveMessage, RecordingListResponse, RecordingSnapshot } from '#shared/recordings.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import { projectPath } from '../support/start-cli.ts';

const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const SECRET = 'env-secret-value-7c1d9';
const TOKEN = 'recordings-test-token-0123456789';

let dir: string;
let file: string;
let bridge: RunningBridge;
const sessions: McpSession[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolscope-recordings-'));
  file = path.join(dir, 'recordings.sqlite');
  bridge = await startTestBridge({ token: TOKEN, recordingsFile: file });
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await Promise.all(sessions.map((session) => session.disconnect()));
  await bridge.close();
  rmSync(dir, { recursive: true, force: true });
});

async function api<T>(method: string, route: string, options: { token?: boolean; body?: unknown } = {}) {
  const response = await fetch(`http://127.0.0.1:${bridge.port}${route}`, {
    method,
    headers: {
      ...(options.token === false ? {} : { 'x-toolscope-token': TOKEN }),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A connected session to server-everything over stdio, with a secret in its environment. */
async function connectedSession(): Promise<McpSession> {
  const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, TOKEN);
  sessions.push(session);
  await session.connect({
    transport: 'stdio',
    command: process.execPath,
    args: [everything, 'stdio'],
    env: { TOOLSCOPE_TEST_SECRET: SECRET },
  });
  expect(session.state.get().status).toBe('connected');
  return session;
}

function callTexts(frames: RecordingSnapshot['frames']): string[] {
  return frames.flatMap((frame) => {
    const message = frame.message as { method?: string; params?: { arguments?: { message?: string } } };
    return message?.method === 'tools/call' ? [message.params?.arguments?.message ?? ''] : [];
  });
}

/** Opens the live socket of a share link and collects its messages. */
function watch(shareId: string, frames: number, headers: Record<string, string> = {}) {
  const messages: LiveMessage[] = [];
  const texts: string[] = [];
  const socket = new WebSocket(`ws://127.0.0.1:${bridge.port}/api/shared/${shareId}/live?frames=${frames}`, {
    headers,
  });
  sockets.push(socket);
  socket.on('message', (data) => {
    texts.push(String(data));
    messages.push(JSON.parse(String(data)) as LiveMessage);
  });
  const opened = new Promise<'open' | number>((resolve) => {
    socket.once('open', () => resolve('open'));
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('error', () => resolve(-1));
  });
  return { socket, messages, texts, opened };
}

describe('recordings', () => {
  let recordingId: string;
  let shareId: string;

  it('records each connection: frames with the bridge times, the target without secret values', async () => {
    const session = await connectedSession();
    recordingId = session.state.get().recordingId!;
    expect(recordingId).toMatch(/^[0-9a-f-]{36}$/);
    await session.callTool('echo', { message: 'first call' });

    const list = await api<RecordingListResponse>('GET', '/api/recordings');
    expect(list.status).toBe(200);
    const listed = list.body.recordings.find((recording) => recording.id === recordingId)!;
    expect(listed).toMatchObject({ live: true, target: { env: { TOOLSCOPE_TEST_SECRET: '' } } });
    expect(listed.name).toContain('stdio');
    expect(list.body.file).toBe(file);

    const snapshot = await api<RecordingSnapshot>('GET', `/api/recordings/${recordingId}`);
    // Everything the page saw, in the bridge's order.
    expect(snapshot.body.frames.map((frame) => frame.seq)).toEqual(
      session.trace.get().frames.map((frame) => frame.bridgeSeq),
    );
    expect(callTexts(snapshot.body.frames)).toEqual(['first call']);
    expect(snapshot.body.events.some((entry) => entry.event.kind === 'spawned')).toBe(true);
  });

  it('shares by an unguessable id: the replay needs no token, the list and routes still do', async () => {
    expect((await api('GET', '/api/recordings', { token: false })).status).toBe(401);
    const shared = await api<{ shareId: string }>('POST', `/api/recordings/${recordingId}/share`);
    shareId = shared.body.shareId;
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Sharing twice gives the same link.
    expect(
      (await api<{ shareId: string }>('POST', `/api/recordings/${recordingId}/share`)).body.shareId,
    ).toBe(shareId);
    const replay = await api<RecordingSnapshot>('GET', `/api/shared/${shareId}`, { token: false });
    expect(replay.status).toBe(200);
    expect(callTexts(replay.body.frames)).toEqual(['first call']);
    expect((await api('GET', `/api/shared/${shareId.slice(0, -1)}x`, { token: false })).status).toBe(404);
    expect((await api('GET', '/api/shared/not-an-id', { token: false })).status).toBe(404);
  });

  it('refuses a share link from a foreign Host or Origin', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: bridge.port,
          path: `/api/shared/${shareId}`,
          headers: { host: `evil.example:${bridge.port}` },
          setHost: false,
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(403);
    expect(await watch(shareId, 0, { origin: 'http://evil.example' }).opened).toBe(403);
    expect(await watch('A'.repeat(43), 0).opened).toBe(403);
  });

  it('streams new frames to a live viewer, and refuses anything the viewer sends', async () => {
    const session = sessions[0]!;
    const before = (await api<RecordingSnapshot>('GET', `/api/shared/${shareId}`, { token: false })).body;
    const viewer = watch(shareId, before.frames.length);
    expect(await viewer.opened).toBe('open');
    await session.callTool('echo', { message: 'second call' });
    await waitFor(
      () => viewer.messages.some((m) => m.type === 'frame' && callTexts([m.frame])[0] === 'second call'),
      'the live viewer to see the new call',
    );
    const seqs = viewer.messages.flatMap((m) => (m.type === 'frame' ? [m.frame.seq] : []));
    expect(seqs[0]).toBe(before.frames.length);
    expect(seqs).toEqual(seqs.map((_, i) => before.frames.length + i));

    const closed = new Promise<number>((resolve) => viewer.socket.once('close', (code) => resolve(code)));
    viewer.socket.send('{"type":"send"}');
    expect(await closed).toBe(1008);
  });

  it('takes the connection’s secret values out of what viewers get and what is stored', async () => {
    const viewer = watch(shareId, 0);
    expect(await viewer.opened).toBe('open');
    // The server echoes the secret back: it is in the request and in the result.
    const echoed = await sessions[0]!.callTool('echo', { message: `leak ${SECRET}` });
    expect(JSON.stringify(echoed.result)).toContain(SECRET);
    await waitFor(
      () => viewer.texts.some((text) => text.includes('leak ***') && text.includes('"in"')),
      'the viewer to get the scrubbed answer',
    );
    expect(viewer.texts.join('\n')).not.toContain(SECRET);
    const stored = await fetch(`http://127.0.0.1:${bridge.port}/api/shared/${shareId}`).then((r) => r.text());
    expect(stored).toContain('leak ***');
    expect(stored).not.toContain(SECRET);
    viewer.socket.terminate();
  });

  it('scrubs a secret the server writes with JSON escapes from the recording and its share link (the page, its user’s own, keeps it)', async () => {
    const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, TOKEN);
    sessions.push(session);
    await session.connect({
      transport: 'stdio',
      command: process.execPath,
      args: ['--import', 'tsx', projectPath('test/fixtures/secret-leak-server.ts')],
      env: { SECRET_KEY: SECRET },
    });
    const id = session.state.get().recordingId!;
    for (const way of ['escaped-all', 'json-text-in-a-string', 'stderr']) {
      const answer = await session.callTool('leak', { way });
      expect(answer.status).toBe('ok');
    }
    // The page is its user's: it gets the secret as the server wrote it.
    expect(JSON.stringify(session.trace.get().frames.map((frame) => frame.message))).toContain(SECRET);
    const { shareId: leakShare } = (await api<{ shareId: string }>('POST', `/api/recordings/${id}/share`))
      .body;
    for (const route of [`/api/recordings/${id}`, `/api/shared/${leakShare}`]) {
      const text = await fetch(`http://127.0.0.1:${bridge.port}${route}`, {
        headers: { 'x-toolscope-token': TOKEN },
      }).then((response) => response.text());
      expect(text, route).not.toContain(SECRET);
      // Nor escaped, as a JSON text in a string holds it (the replay's viewer would decode it).
      expect(text, route).not.toMatch(/\\u0065\\u006e\\u0076/);
      expect(text, route).toContain('***');
    }
    await session.disconnect();
  });

  it('renames, validates, and unshares (old links and viewers stop)', async () => {
    const blank = await api('PATCH', `/api/recordings/${recordingId}`, { body: { name: '' } });
    expect(blank).toMatchObject({ status: 400, body: { error: 'name: must be 1 to 200 characters' } });
    const renamed = await api<{ name: string }>('PATCH', `/api/recordings/${recordingId}`, {
      body: { name: 'Bug 42 repro' },
    });
    expect(renamed.body.name).toBe('Bug 42 repro');
    const viewer = watch(shareId, 0);
    expect(await viewer.opened).toBe('open');
    await api('DELETE', `/api/recordings/${recordingId}/share`);
    await waitFor(() => viewer.messages.some((m) => m.type === 'ended'), 'the viewer to be sent away');
    expect(viewer.messages.at(-1)).toMatchObject({ type: 'ended', reason: 'unshared' });
    expect((await api('GET', `/api/shared/${shareId}`, { token: false })).status).toBe(404);
    shareId = (await api<{ shareId: string }>('POST', `/api/recordings/${recordingId}/share`)).body.shareId;
  });

  it('ends the recording with the connection, tells viewers, and keeps the retention setting', async () => {
    const viewer = watch(shareId, 0);
    expect(await viewer.opened).toBe('open');
    await sessions[0]!.disconnect();
    await waitFor(() => viewer.messages.some((m) => m.type === 'ended'), 'the viewer to hear the end');
    const summary = (await api<RecordingSnapshot>('GET', `/api/recordings/${recordingId}`)).body.recording;
    expect(summary.live).toBe(false);
    expect(summary.endedAt).toBeGreaterThanOrEqual(summary.startedAt);
    expect(await api('PUT', '/api/recordings/settings', { body: { retentionDays: -1 } })).toMatchObject({
      status: 400,
      body: { error: 'retentionDays: must be a whole number from 0 to 3650' },
    });
    expect(
      (
        await api<{ retentionDays: number }>('PUT', '/api/recordings/settings', {
          body: { retentionDays: 7 },
        })
      ).body.retentionDays,
    ).toBe(7);
  });

  it('replays after the bridge restarts, and never wrote a secret value to disk', async () => {
    await bridge.close();
    for (const name of readdirSync(dir)) {
      expect(readFileSync(path.join(dir, name)).includes(SECRET), `${name} holds the secret`).toBe(false);
      expect(readFileSync(path.join(dir, name)).includes(TOKEN), `${name} holds the token`).toBe(false);
    }
    bridge = await startTestBridge({ token: TOKEN, recordingsFile: file });
    const replay = await api<RecordingSnapshot>('GET', `/api/shared/${shareId}`, { token: false });
    expect(replay.status).toBe(200);
    expect(replay.body.recording).toMatchObject({ name: 'Bug 42 repro', live: false });
    expect(callTexts(replay.body.frames)).toEqual(['first call', 'second call', 'leak ***']);
    const viewer = watch(shareId, replay.body.frames.length);
    await waitFor(() => viewer.messages.some((m) => m.type === 'ended'), 'an ended recording to say so');
    expect((await api<RecordingListResponse>('GET', '/api/recordings')).body.retentionDays).toBe(7);
  });

  it('deletes a live recording: its link dies and its viewers are sent away', async () => {
    const session = await connectedSession();
    const id = session.state.get().recordingId!;
    const share = (await api<{ shareId: string }>('POST', `/api/recordings/${id}/share`)).body.shareId;
    const viewer = watch(share, 0);
    expect(await viewer.opened).toBe('open');
    expect((await api('DELETE', `/api/recordings/${id}`)).status).toBe(204);
    await waitFor(() => viewer.messages.some((m) => m.type === 'ended'), 'the viewer to be sent away');
    expect(viewer.messages.at(-1)).toMatchObject({ type: 'ended', reason: 'deleted' });
    expect((await api('GET', `/api/shared/${share}`, { token: false })).status).toBe(404);
    // The session goes on, unrecorded.
    expect((await session.callTool('echo', { message: 'still works' })).status).toBe('ok');
    expect((await api('GET', `/api/recordings/${id}`)).status).toBe(404);
  });
});

describe('a data file that fails while the bridge runs', () => {
  it('refuses share links with 503 naming the store (no stack trace) and keeps the bridge and its sessions', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-failing-'));
    const failing = await startTestBridge({ token: TOKEN, recordingsFile: path.join(folder, 'r.sqlite') });
    try {
      const session = createNodeSession(`http://127.0.0.1:${failing.port}`, TOKEN);
      await session.connect({ transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] });
      await failing.recordings!.close(); // as if the disk went away
      const id = 'B'.repeat(43);
      const viewer = await new Promise<number | 'open'>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${failing.port}/api/shared/${id}/live`);
        socket.on('error', () => {});
        socket.once('open', () => resolve('open'));
        socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      });
      expect(viewer).toBe(503);
      const response = await fetch(`http://127.0.0.1:${failing.port}/api/shared/${id}`);
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).not.toMatch(/at .*\.ts:\d+/);
      expect(JSON.parse(body)).toEqual({
        error: 'The recordings store (SQLite) does not answer; try again once it is back',
        store: 'sqlite',
      });
      expect((await session.callTool('echo', { message: 'still here' })).status).toBe('ok');
      await session.disconnect();
    } finally {
      await failing.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a data file that cannot be opened', () => {
  it('turns recording off with the reason, and the bridge still relays', async () => {
    const blocker = mkdtempSync(path.join(tmpdir(), 'toolscope-blocked-'));
    // A directory where the file should be: SQLite cannot open it.
    const broken = await startTestBridge({ token: TOKEN, recordingsFile: blocker });
    try {
      const config = await fetch(`http://127.0.0.1:${broken.port}/api/config`, {
        headers: { 'x-toolscope-token': TOKEN },
      }).then(
        (response) => response.json() as Promise<{ recording: { enabled: boolean; problem?: string } }>,
      );
      expect(config.recording.enabled).toBe(false);
      expect(config.recording.problem).toContain(blocker);
      const list = await fetch(`http://127.0.0.1:${broken.port}/api/recordings`, {
        headers: { 'x-toolscope-token': TOKEN },
      });
      expect(list.status).toBe(503);
      const session = createNodeSession(`http://127.0.0.1:${broken.port}`, TOKEN);
      await session.connect({ transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] });
      expect(session.state.get()).toMatchObject({ status: 'connected', recordingId: undefined });
      await session.disconnect();
    } finally {
      await broken.close();
      rmSync(blocker, { recursive: true, force: true });
    }
  });
});
