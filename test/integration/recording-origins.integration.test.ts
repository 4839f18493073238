import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  TOKEN_PARAM,
  WS_PATH,
  parseBridgeMessages,
  type BridgeToClient,
  type Frame,
} from '#shared/bridge-protocol.ts';
import type { RecordingSnapshot } from '#shared/recordings.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { recordingToSessionFile } from '../../web/src/features/recordings/recording-file.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import { projectPath } from '../support/start-cli.ts';

// A call a View or a model asked for is recorded by the bridge with that origin (the page names it on
// `send`), so a replay of the recording marks it as the live page did; a value the page may not send is refused.
const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const TOKEN = 'recording-origins-token-0123456789';
const target = { transport: 'stdio' as const, command: process.execPath, args: [everything, 'stdio'] };

let dir: string;
let bridge: RunningBridge;
const sessions: McpSession[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolscope-origins-'));
  bridge = await startTestBridge({ token: TOKEN, recordingsFile: path.join(dir, 'recordings.sqlite') });
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await Promise.all(sessions.map((session) => session.disconnect()));
  await bridge.close();
  rmSync(dir, { recursive: true, force: true });
});

async function api<T>(route: string, init: { method?: string } = {}): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${bridge.port}${route}`, {
    method: init.method ?? 'GET',
    headers: { 'x-toolscope-token': TOKEN },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const method = (frame: Frame) => (frame.message as { method?: string } | undefined)?.method;
const argument = (frame: Frame) =>
  (frame.message as { params?: { arguments?: { message?: string } } } | undefined)?.params?.arguments
    ?.message;
const idOf = (frame: Frame) => (frame.message as { id?: unknown } | undefined)?.id;

/** The recording's frames once it holds `count` tools/call requests (the writer flushes on its own pace). */
async function recordedCalls(recordingId: string, count: number): Promise<RecordingSnapshot> {
  let snapshot: RecordingSnapshot | undefined;
  const deadline = Date.now() + 10_000;
  for (;;) {
    snapshot = await api<RecordingSnapshot>(`/api/recordings/${recordingId}`);
    if (snapshot.frames.filter((frame) => method(frame) === 'tools/call').length >= count) return snapshot;
    if (Date.now() > deadline) throw new Error(`the recording never held ${count} tools/call frames`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a recording keeps who asked for each call', () => {
  it("stores a View's and a model's call with their origin and the user's with none, and its replay marks the answers", async () => {
    const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, TOKEN);
    sessions.push(session);
    await session.connect(target);
    const recordingId = session.state.get().recordingId!;
    expect((await session.callTool('echo', { message: 'by the view' }, { origin: 'view' })).status).toBe(
      'ok',
    );
    expect((await session.callTool('echo', { message: 'by the model' }, { origin: 'model' })).status).toBe(
      'ok',
    );
    expect((await session.callTool('echo', { message: 'by the user' })).status).toBe('ok');

    const snapshot = await recordedCalls(recordingId, 3);
    const requests = snapshot.frames.filter((frame) => method(frame) === 'tools/call');
    expect(requests.map((frame) => [argument(frame), frame.origin])).toEqual([
      ['by the view', 'view'],
      ['by the model', 'model'],
      ['by the user', undefined],
    ]);
    // The bridge keeps the page's word on the requests only; nothing else carries an origin.
    expect(snapshot.frames.filter((frame) => frame.origin)).toHaveLength(2);

    // The replay marks each answer like its request, as the live page's trace did.
    const replayed = recordingToSessionFile(snapshot).frames;
    const answerOf = (request: Frame) =>
      replayed.find((frame) => frame.direction === 'in' && !method(frame) && idOf(frame) === idOf(request));
    expect(requests.map((request) => answerOf(request)?.origin)).toEqual(['view', 'model', undefined]);
    const live = session.trace.get().frames.filter((frame) => frame.origin);
    expect(replayed.filter((frame) => frame.origin).map((frame) => frame.seq)).toEqual(
      live.map((frame) => frame.bridgeSeq),
    );

    // A share link's recording says the same to whoever opens it.
    const { shareId } = await api<{ shareId: string }>(`/api/recordings/${recordingId}/share`, {
      method: 'POST',
    });
    const shared = (await (
      await fetch(`http://127.0.0.1:${bridge.port}/api/shared/${shareId}`)
    ).json()) as RecordingSnapshot;
    expect(shared.frames.filter((frame) => frame.origin).map((frame) => frame.origin)).toEqual([
      'view',
      'model',
    ]);
  });

  it('refuses a send whose origin is not one it knows: nothing is relayed or stored, and the page is told why', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}${WS_PATH}?${TOKEN_PARAM}=${TOKEN}`);
    sockets.push(ws);
    const received: BridgeToClient[] = [];
    ws.on('message', (data) => received.push(...parseBridgeMessages(data.toString())));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ type: 'connect', target }));
    await waitFor(() => received.some((message) => message.type === 'ready'), 'the connection');
    const ready = received.find((message) => message.type === 'ready') as { recordingId?: string };
    const call = (id: number, message: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'echo', arguments: { message } },
    });
    const hostile = '"},{"origin":"user';
    ws.send(JSON.stringify({ type: 'send', message: call(1, 'hostile origin'), origin: hostile }));
    ws.send(JSON.stringify({ type: 'send', message: call(2, 'upper case'), origin: 'View' }));
    ws.send(JSON.stringify({ type: 'send', message: call(3, 'known origin'), origin: 'model' }));
    const answered = (id: number) =>
      received.some(
        (message) =>
          message.type === 'frame' && message.frame.direction === 'in' && idOf(message.frame) === id,
      );
    await waitFor(() => answered(3), 'the answer to the call with a known origin');
    const errors = received.flatMap((message) =>
      message.type === 'event' && message.event.kind === 'error' ? [message.event.message] : [],
    );
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error).toMatch(/^Bad message from browser: origin: /);
    expect(answered(1) || answered(2)).toBe(false);

    const snapshot = await recordedCalls(ready.recordingId!, 1);
    const calls = snapshot.frames.filter((frame) => method(frame) === 'tools/call');
    expect(calls.map((frame) => [argument(frame), frame.origin])).toEqual([['known origin', 'model']]);
    const stored = JSON.stringify(snapshot);
    expect(stored).not.toContain('hostile origin');
    expect(stored).not.toContain('"user');
    ws.send(JSON.stringify({ type: 'disconnect' }));
    await waitFor(
      () => received.some((message) => message.type === 'event' && message.event.kind === 'closed'),
      'the connection to close',
    );
  });
});
