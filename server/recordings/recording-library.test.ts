import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { LiveMessage } from '#shared/recordings.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { RecordingLibrary } from './recording-library.ts';

const target: ServerTarget = { transport: 'http', url: 'http://127.0.0.1:9/mcp' };
const dirs: string[] = [];
const libraries: RecordingLibrary[] = [];

afterEach(async () => {
  for (const library of libraries.splice(0)) await library.close().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function frame(seq: number): Frame {
  return {
    seq,
    time: 100 + seq,
    direction: 'in',
    bytes: 10,
    message: { jsonrpc: '2.0', id: seq, result: {} },
  };
}

async function open(file?: string) {
  if (!file) {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-library-'));
    dirs.push(dir);
    file = path.join(dir, 'recordings.sqlite');
  }
  const library = await RecordingLibrary.open({ file });
  libraries.push(library);
  return { library, file };
}

function started(library: RecordingLibrary, userName?: string) {
  const writer = library.prepare(target, userName);
  library.commit(writer, target);
  return writer;
}

/** A frame the page sent: a request of `method` with `params`. */
function request(seq: number, method: string, params: Record<string, unknown>): Frame {
  return {
    seq,
    time: 100 + seq,
    direction: 'out',
    bytes: 10,
    message: { jsonrpc: '2.0', id: seq, method, params },
  };
}

describe('RecordingLibrary', () => {
  it('drops, once turned on, the recording of a connection that asked nothing, unless shared', async () => {
    const { library } = await open();
    library.dropEmptyRecordings();
    const loadedAndLeft = started(library);
    loadedAndLeft.addFrame(request(0, 'tools/list', {}));
    loadedAndLeft.addFrame(frame(1));
    const called = started(library);
    called.addFrame(request(0, 'tools/call', { name: 'echo', arguments: {} }));
    const read = started(library);
    read.addFrame(request(0, 'resources/read', { uri: 'demo://docs/readme' }));
    const chatted = started(library);
    chatted.addEvent({ time: 1, event: { kind: 'chat-turn', note: {} as never } });
    const shared = started(library);
    await library.share(shared.id);
    for (const writer of [loadedAndLeft, called, read, chatted, shared]) writer.end(500);
    // Reading a recording waits for what its end still writes (or drops).
    for (const writer of [loadedAndLeft, called, read, chatted, shared]) await library.get(writer.id);
    const kept = (await library.list()).recordings;
    expect(kept.map((recording) => recording.id).sort()).toEqual(
      [called.id, read.id, chatted.id, shared.id].sort(),
    );
    expect(kept.find((recording) => recording.id === read.id)?.calls).toEqual({
      count: 1,
      tools: ['resources/read demo://docs/readme'],
    });
  });

  it('keeps every recording unless told to drop empty ones', async () => {
    const { library } = await open();
    const writer = started(library);
    writer.addFrame(frame(0));
    writer.end(500);
    await library.get(writer.id);
    expect((await library.list()).recordings.map((recording) => recording.id)).toEqual([writer.id]);
  });

  it("keeps who made each recording and lists one user's only", async () => {
    const { library } = await open();
    const alice = started(library, 'alice');
    const nobody = started(library);
    expect((await library.list({ userName: 'alice' })).recordings.map((r) => r.id)).toEqual([alice.id]);
    expect((await library.list({ userName: 'bob' })).recordings).toEqual([]);
    expect((await library.list()).recordings).toHaveLength(2);
    expect(await library.userNameOf(alice.id)).toBe('alice');
    expect(await library.userNameOf(nobody.id)).toBeNull();
  });

  it('sends a new viewer each frame and event once: what is stored, what is queued, what comes next', async () => {
    const { library } = await open();
    const writer = started(library);
    writer.addFrame(frame(0));
    await writer.flush();
    writer.addFrame(frame(1));
    writer.addEvent({ time: 1, event: { kind: 'stderr', line: 'a', time: 1 } });
    const messages: LiveMessage[] = [];
    const recording = (await library.get(writer.id))!;
    // Frames arrive while the viewer catches up: before follow() has read the store.
    const following = library.follow(recording, 'link', { seq: 1, index: 0 }, (message) =>
      messages.push(message),
    );
    writer.addFrame(frame(2));
    writer.addEvent({ time: 2, event: { kind: 'stderr', line: 'b', time: 2 } });
    const stop = await following;
    writer.addFrame(frame(3));
    writer.end(500);
    stop();
    expect(
      messages.map((m) => (m.type === 'frame' ? m.frame.seq : m.type === 'event' ? m.entry.event : m)),
    ).toEqual([
      1,
      { kind: 'stderr', line: 'a', time: 1 },
      2,
      { kind: 'stderr', line: 'b', time: 2 },
      3,
      { type: 'ended', reason: 'closed', endedAt: 500 },
    ]);
  });

  it('gives a viewer of an ended recording the rest and the end at once', async () => {
    const { library } = await open();
    const writer = started(library);
    writer.addFrame(frame(0));
    writer.addFrame(frame(1));
    writer.end(700);
    const messages: LiveMessage[] = [];
    await library.follow((await library.get(writer.id))!, 'link', { seq: 1, index: 0 }, (m) =>
      messages.push(m),
    );
    expect(messages).toEqual([
      { type: 'frame', frame: frame(1) },
      { type: 'ended', reason: 'closed', endedAt: 700 },
    ]);
  });

  it('writes everything queued and ends live recordings before it closes', async () => {
    const { library, file } = await open();
    const writer = started(library);
    writer.addFrame(frame(0));
    await library.close();
    const reopened = await open(file);
    const summary = await reopened.library.get(writer.id);
    expect(summary).toMatchObject({ frameCount: 1, live: false });
    expect(summary?.endedAt).toBeGreaterThan(0);
  });
});
