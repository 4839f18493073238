import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { RecordingLibrary } from './recording-library.ts';

// Issue 27: the recording quota per user (limits.recordingBytesPerUser), on a real SQLite store.

const target: ServerTarget = { transport: 'http', url: 'http://127.0.0.1:9/mcp' };
const dirs: string[] = [];
const libraries: RecordingLibrary[] = [];

afterEach(async () => {
  for (const library of libraries.splice(0)) await library.close().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(): Promise<RecordingLibrary> {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-quota-'));
  dirs.push(dir);
  const library = await RecordingLibrary.open({ file: path.join(dir, 'recordings.sqlite') });
  libraries.push(library);
  return library;
}

/** A frame whose JSON is about `size` bytes. */
function frame(seq: number, size: number): Frame {
  return {
    seq,
    time: seq,
    direction: 'in',
    bytes: size,
    message: { jsonrpc: '2.0', id: seq, result: { text: 'x'.repeat(size) } },
  };
}

function record(library: RecordingLibrary, user: string, notices: string[] = []) {
  const writer = library.prepare(target, user, (message) => notices.push(message));
  library.commit(writer, target);
  return writer;
}

const ids = async (library: RecordingLibrary, user: string) =>
  (await library.list({ userName: user })).recordings.map((r) => r.id).sort();

describe('RecordingQuota', () => {
  it("deletes the user's oldest ended recordings first, and only that user's", async () => {
    const library = await open();
    const quota = library.limitPerUser(25_000, 'Limit reached: recordings');
    const oldest = record(library, 'alice');
    for (let seq = 1; seq <= 10; seq++) oldest.addFrame(frame(seq, 1000));
    oldest.end(50);
    const older = record(library, 'alice');
    for (let seq = 1; seq <= 10; seq++) older.addFrame(frame(seq, 1000));
    older.end(60);
    const bobs = record(library, 'bob');
    for (let seq = 1; seq <= 30; seq++) bobs.addFrame(frame(seq, 1000)); // bob's own quota: over it, alone
    bobs.end(70);
    await quota.check('alice');
    expect(await ids(library, 'alice')).toEqual([oldest.id, older.id].sort());

    const notices: string[] = [];
    const live = record(library, 'alice', notices);
    for (let seq = 1; seq <= 10; seq++) live.addFrame(frame(seq, 1000));
    await quota.check('alice');
    // About 30 kB in all: the oldest ended one went, the live one and the next oldest stay.
    expect(await ids(library, 'alice')).toEqual([older.id, live.id].sort());
    expect(notices).toEqual([]);
    expect(live.isLive).toBe(true);
    // Bob's recording is not alice's business.
    expect(await ids(library, 'bob')).toEqual([bobs.id]);
  });

  it('stops a recording that does not fit even alone, tells the user once, and keeps what it stored', async () => {
    const library = await open();
    const quota = library.limitPerUser(20_000, 'Limit reached: recordings');
    const notices: string[] = [];
    const live = record(library, 'alice', notices);
    for (let seq = 1; seq <= 30; seq++) {
      live.addFrame(frame(seq, 1000));
      // A store slower than the frames: each check waits for the writes; bounded by the loop.
      if (seq % 10 === 0) await quota.check('alice');
    }
    await quota.check('alice');
    expect(notices).toEqual(['Limit reached: recordings']);
    const stored = (await library.snapshot(live.id))!;
    // Recording stopped between the quota and the next check, not at the end of the connection.
    expect(stored.frames.length).toBeGreaterThanOrEqual(20);
    expect(stored.frames.length).toBeLessThan(30);
    // The connection goes on: more frames are not kept, and no second notice comes.
    live.addFrame(frame(31, 1000));
    await quota.check('alice');
    expect(notices).toHaveLength(1);
    expect((await library.snapshot(live.id))!.frames.length).toBe(stored.frames.length);
    live.end(100);
    await library.list();
    expect((await library.get(live.id))?.endedAt).toBe(100);
  });

  it('counts a recording the user deleted as gone (the store is the truth, not the count in memory)', async () => {
    const library = await open();
    const quota = library.limitPerUser(15_000, 'Limit reached: recordings');
    const first = record(library, 'alice');
    for (let seq = 1; seq <= 10; seq++) first.addFrame(frame(seq, 1000));
    first.end(10);
    await quota.check('alice');
    await library.delete(first.id);
    const notices: string[] = [];
    const second = record(library, 'alice', notices);
    for (let seq = 1; seq <= 10; seq++) second.addFrame(frame(seq, 1000));
    await quota.check('alice');
    expect(notices).toEqual([]);
    expect(await ids(library, 'alice')).toEqual([second.id]);
  });
});
