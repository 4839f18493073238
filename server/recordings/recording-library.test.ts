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

describe('RecordingLibrary', () => {
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
