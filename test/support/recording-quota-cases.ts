import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { RecordingLibrary } from '../../server/recordings/recording-library.ts';

const target: ServerTarget = { transport: 'http', url: 'http://127.0.0.1:9/mcp' };

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

let started = Date.now();

/** A new recording of `user`, started 1 ms after the last (the order "oldest first" is by start). */
function record(library: RecordingLibrary, user: string, notices: string[] = []) {
  const writer = library.prepare(target, user, (notice) => notices.push(notice.message));
  library.commit(writer, target, ++started);
  return writer;
}

const ids = async (library: RecordingLibrary, user: string) =>
  (await library.list({ userName: user })).recordings.map((r) => r.id).sort();

/**
 * The recording quota's cases (limits.recordingBytesPerUser) on the store `open` gives:
 * SQLite in the unit tests, a live PostgreSQL in the integration tests (its `usage` query).
 */
export function describeQuotaCases(label: string, open: () => Promise<RecordingLibrary>): void {
  describe(`RecordingQuota on ${label}`, () => {
    it("deletes the user's oldest ended recordings first, and only that user's", async () => {
      const library = await open();
      const quota = library.limitPerUser(25_000, 'Limit reached: recordings');
      // Each recording's checks end before it does (a slow store, PostgreSQL, answers them later).
      const oldest = record(library, 'alice');
      for (let seq = 1; seq <= 10; seq++) oldest.addFrame(frame(seq, 1000));
      await quota.check('alice');
      oldest.end(50);
      const older = record(library, 'alice');
      for (let seq = 1; seq <= 10; seq++) older.addFrame(frame(seq, 1000));
      // About 22 kB in all, under the quota: a slow check must not count frames twice and delete.
      await quota.check('alice');
      older.end(60);
      expect(await ids(library, 'alice')).toEqual([oldest.id, older.id].sort());
      const bobs = record(library, 'bob');
      for (let seq = 1; seq <= 30; seq++) bobs.addFrame(frame(seq, 1000)); // bob's own quota: over it, alone
      await quota.check('bob');
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
}
