import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { toFrameTexts, type RecordingStore } from '../../server/recordings/recording-store.ts';
import { SqliteRecordingStore } from '../../server/recordings/sqlite-recording-store.ts';
import { SCHEMA_VERSION } from '../../server/recordings/sqlite-schema.ts';
import { FrameStamper } from '../../server/relay/frame-stamper.ts';
import type { RecordedEvent } from '#shared/recordings.ts';
import type { SqliteDriverName } from '../../server/recordings/sqlite-driver.ts';
import { projectPath } from './start-cli.ts';

/**
 * A recordings file written by Toolscope 0.1.0 before it changed drivers (better-sqlite3 12.11.1,
 * Node 20.20, closed cleanly, WAL mode): recording "ended" (3 frames, 2 events, shared as
 * "share-legacy-fixture", ended at 1760000000050) and "open" (1 frame, never ended), retention 7 days.
 */
const LEGACY_FILE = projectPath('test/fixtures/recordings/written-by-better-sqlite3.sqlite');

const DAY = 24 * 60 * 60 * 1000;

function frame(seq: number, time = 1000 + seq): Frame {
  return {
    seq,
    time,
    direction: seq % 2 ? 'in' : 'out',
    bytes: 10,
    message: { jsonrpc: '2.0', id: seq, method: 'ping' },
  };
}

/** Appends frame objects (the writer appends their JSON texts). */
function append(
  store: RecordingStore,
  id: string,
  frames: Frame[],
  events: RecordedEvent[],
  first: number,
  scrub?: (json: string) => string,
) {
  return store.appendTexts(id, toFrameTexts(frames), events, first, scrub);
}

/**
 * What every store does, whatever it keeps recordings in: run with `open` making a new, empty store
 * for each test (the caller closes them), and `runSql` running a statement on a store's database
 * as another program would.
 */
export function describeStoreContract(
  name: string,
  open: () => Promise<RecordingStore>,
  runSql: (store: RecordingStore, sql: string) => Promise<unknown>,
): void {
  describe(`RecordingStore contract on ${name}`, () => {
    it('ends recordings no running bridge writes at their last frame or event, or at their start', async () => {
      const store = await open();
      await store.create({ id: 'late-event', name: 'e', target: null, startedAt: 1 });
      await append(
        store,
        'late-event',
        [frame(0, 50), frame(1, 70)],
        [{ time: 90, event: { kind: 'stderr', line: 'x', time: 90 } }],
        0,
      );
      await store.create({ id: 'late-frame', name: 'f', target: null, startedAt: 1 });
      await append(
        store,
        'late-frame',
        [frame(0, 80)],
        [{ time: 60, event: { kind: 'stderr', line: 'x', time: 60 } }],
        0,
      );
      await store.create({ id: 'empty', name: 'n', target: null, startedAt: 7 });
      await store.create({ id: 'mine', name: 'm', target: null, startedAt: 1 });
      expect(await store.endAbandoned()).toBe(0);
      // A recording whose writer is not known is nobody's: both stores end it.
      await runSql(
        store,
        "UPDATE recordings SET owner = NULL WHERE id IN ('late-event', 'late-frame', 'empty')",
      );
      expect(await store.endAbandoned()).toBe(3);
      expect((await store.get('late-event'))?.endedAt).toBe(90);
      expect((await store.get('late-frame'))?.endedAt).toBe(80);
      expect((await store.get('empty'))?.endedAt).toBe(7);
      expect((await store.get('mine'))?.endedAt).toBeUndefined();
      expect(await store.endAbandoned()).toBe(0);
    });

    it('keeps the summary of the tool calls, absent until set', async () => {
      const store = await open();
      await store.create({ id: 'c', name: 'calls', target: null, startedAt: 1 });
      expect((await store.get('c'))?.calls).toBeUndefined();
      await store.setCalls('c', { count: 3, tools: ['echo', 'get_weather'] });
      expect((await store.get('c'))?.calls).toEqual({ count: 3, tools: ['echo', 'get_weather'] });
      expect((await store.list())[0]?.calls).toEqual({ count: 3, tools: ['echo', 'get_weather'] });
    });

    it('keeps what a recording lacks (its gaps), absent until set, and frames on both sides of a hole in seq', async () => {
      const store = await open();
      await store.create({ id: 'g', name: 'gaps', target: null, startedAt: 1 });
      expect((await store.get('g'))?.gaps).toBeUndefined();
      await append(store, 'g', [frame(0), frame(1), frame(5), frame(6)], [], 0);
      const gap = { fromSeq: 2, toSeq: 4, frames: 3, events: 1, bytes: 30, from: 1002, to: 1004 };
      await store.setGaps('g', [gap]);
      expect((await store.get('g'))?.gaps).toEqual([gap]);
      expect((await store.list())[0]?.gaps).toEqual([gap]);
      expect((await store.frames('g', 2)).map((f) => f.seq)).toEqual([5, 6]);
      await store.setGaps('g', []);
      expect((await store.get('g'))?.gaps).toBeUndefined();
    });

    it('gives every recording its owner and the bytes of its frames, oldest first', async () => {
      const store = await open();
      await store.create({ id: 'a', name: 'a', target: null, startedAt: 1, userName: 'alice' });
      await store.create({ id: 'b', name: 'b', target: null, startedAt: 2 });
      await append(store, 'a', [frame(0), frame(1)], [], 0);
      const sizes = await store.sizes();
      expect(sizes.map(({ id, userName }) => ({ id, userName }))).toEqual([
        { id: 'a', userName: 'alice' },
        { id: 'b', userName: null },
      ]);
      expect(sizes[0]!.bytes).toBe((await store.usage('alice'))[0]!.bytes);
      expect(sizes[0]!.bytes).toBeGreaterThan(0);
      expect(sizes[1]!.bytes).toBe(0);
    });

    it('keeps frames and events in order, with counts, and lists newest first', async () => {
      const store = await open();
      await store.create({ id: 'a', name: 'first', target: null, startedAt: 1 });
      await store.create({
        id: 'b',
        name: 'second',
        target: { transport: 'stdio', command: 'x', args: [] },
        startedAt: 2,
      });
      await append(
        store,
        'a',
        [frame(0), frame(1)],
        [{ time: 5, event: { kind: 'stderr', line: 'hi', time: 5 } }],
        0,
      );
      await append(
        store,
        'a',
        [frame(2)],
        [{ time: 6, event: { kind: 'exited', code: 0, signal: null } }],
        1,
      );
      expect(await store.frames('a')).toEqual([frame(0), frame(1), frame(2)]);
      expect(await store.frames('a', 2)).toEqual([frame(2)]);
      expect((await store.events('a')).map((entry) => entry.event.kind)).toEqual(['stderr', 'exited']);
      expect(await store.events('a', 1)).toHaveLength(1);
      expect((await store.list()).map((r) => [r.id, r.frameCount])).toEqual([
        ['b', 0],
        ['a', 3],
      ]);
      expect((await store.get('b'))?.target).toEqual({ transport: 'stdio', command: 'x', args: [] });
    });

    it("keeps who asked for a call on its frame, in the stamper's own JSON text", async () => {
      const store = await open();
      await store.create({ id: 'o', name: 'origins', target: null, startedAt: 1 });
      const stamper = new FrameStamper();
      const call = { jsonrpc: '2.0' as const, id: 1, method: 'tools/call', params: { name: 'refresh' } };
      const stamped = [
        stamper.stampMessage('out', call, JSON.stringify(call), false, undefined, 'view'),
        stamper.stampMessage('out', { ...call, id: 2 }, JSON.stringify({ ...call, id: 2 })),
      ];
      const texts = stamped.map((one) => one.json);
      await store.appendTexts(
        'o',
        { firstSeq: 0, lastSeq: 1, lastTime: stamped[1]!.frame.time, texts },
        [],
        0,
      );
      const [byView, byUser] = await store.frames('o');
      expect(byView).toMatchObject({ origin: 'view', message: call });
      expect(byUser).not.toHaveProperty('origin');
    });

    it('renames, shares, finds by share id, unshares and deletes with everything it holds', async () => {
      const store = await open();
      await store.create({ id: 'a', name: 'first', target: null, startedAt: 1 });
      await append(store, 'a', [frame(0)], [], 0);
      expect(await store.rename('a', 'renamed')).toBe(true);
      expect(await store.rename('missing', 'x')).toBe(false);
      expect(await store.setShareId('missing', 'share-1')).toBe(false);
      expect(await store.setShareId('a', 'share-1')).toBe(true);
      expect((await store.findByShareId('share-1'))?.name).toBe('renamed');
      await store.setShareId('a', null);
      expect(await store.findByShareId('share-1')).toBeUndefined();
      expect(await store.delete('a')).toBe(true);
      expect(await store.delete('a')).toBe(false);
      expect(await store.frames('a')).toEqual([]);
      expect(await store.events('a')).toEqual([]);
      expect(await store.list()).toEqual([]);
    });

    it("keeps who made each recording, lists one user's only, and tells nobody from no such recording", async () => {
      const store = await open();
      await store.create({ id: 'a1', name: 'a1', target: null, startedAt: 1, userName: 'alice' });
      await store.create({ id: 'b1', name: 'b1', target: null, startedAt: 2, userName: 'bob' });
      await store.create({ id: 'a2', name: 'a2', target: null, startedAt: 3, userName: 'alice' });
      await store.create({ id: 'n', name: 'n', target: null, startedAt: 4 });
      expect((await store.list({ userName: 'alice' })).map((r) => r.id)).toEqual(['a2', 'a1']);
      expect((await store.list({ userName: 'bob' })).map((r) => r.id)).toEqual(['b1']);
      expect(await store.list({ userName: 'carol' })).toEqual([]);
      expect(await store.list()).toHaveLength(4);
      expect(await store.userNameOf('a1')).toBe('alice');
      expect(await store.userNameOf('n')).toBeNull();
      expect(await store.userNameOf('missing')).toBeUndefined();
    });

    it('deletes ended recordings older than the retention setting, never open ones; 0 keeps all', async () => {
      const store = await open();
      const now = 100 * DAY;
      expect(await store.getRetentionDays()).toBe(30);
      await store.create({ id: 'old', name: 'old', target: null, startedAt: now - 40 * DAY });
      await store.end('old', now - 31 * DAY);
      await store.create({ id: 'recent', name: 'recent', target: null, startedAt: now - 2 * DAY });
      await store.end('recent', now - DAY);
      await store.create({ id: 'open', name: 'open', target: null, startedAt: now - 90 * DAY });
      await store.setRetentionDays(0);
      expect(await store.prune(now)).toEqual([]);
      await store.setRetentionDays(30);
      expect(await store.getRetentionDays()).toBe(30);
      expect(await store.prune(now)).toEqual(['old']);
      expect((await store.list()).map((r) => r.id).sort()).toEqual(['open', 'recent']);
    });

    it('ends a recording once: a second end keeps the first time', async () => {
      const store = await open();
      await store.create({ id: 'a', name: 'a', target: null, startedAt: 1 });
      await store.end('a', 10);
      await store.end('a', 20);
      expect((await store.get('a'))?.endedAt).toBe(10);
    });

    it('rolls a failed append back as a whole', async () => {
      const store = await open();
      await store.create({ id: 'a', name: 'a', target: null, startedAt: 1 });
      // The frames' text is scrubbed first; the event's scrub then fails, and neither is kept.
      const stderr = { time: 5, event: { kind: 'stderr' as const, line: 'x', time: 5 } };
      await expect(
        append(store, 'a', [frame(0)], [stderr], 0, (json) => {
          if (json.includes('stderr')) throw new Error('scrubber broke');
          return json;
        }),
      ).rejects.toThrow('scrubber broke');
      expect(await store.frames('a')).toEqual([]);
      expect(await store.events('a')).toEqual([]);
      expect((await store.get('a'))?.frameCount).toBe(0);
      await append(store, 'a', [frame(0)], [], 0);
      expect(await store.frames('a')).toEqual([frame(0)]);
    });

    it('refuses frames of a recording that does not exist, and answers a readiness check', async () => {
      const store = await open();
      await expect(append(store, 'missing', [frame(0)], [], 0)).rejects.toThrow();
      await expect(store.check()).resolves.toBeUndefined();
    });
  });
}

/**
 * The store's tests on one SQLite driver. Each driver's tests run in a test file of their own (a process of
 * their own): loading several SQLite addons into one process has crashed Node.
 */
export function describeRecordingStore(driver: SqliteDriverName): void {
  const dirs: string[] = [];
  const stores: SqliteRecordingStore[] = [];

  function openStore(file?: string): SqliteRecordingStore {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-store-'));
    dirs.push(dir);
    const store = SqliteRecordingStore.open(file ?? path.join(dir, 'nested', 'recordings.sqlite'), driver);
    stores.push(store);
    return store;
  }

  function tempFile(): string {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'toolscope-store-')), 'r.sqlite');
    dirs.push(path.dirname(file));
    return file;
  }

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  describeStoreContract(
    `SQLite (${driver})`,
    async () => openStore(),
    async (store, sql) => (store as unknown as { db: { exec: (s: string) => void } }).db.exec(sql),
  );

  describe(`RecordingStore on ${driver}`, () => {
    it('ends recordings a stopped bridge left open, at their last frame; a running bridge keeps its own', async () => {
      const file = tempFile();
      const first = SqliteRecordingStore.open(file, driver);
      await first.create({ id: 'a', name: 'a', target: null, startedAt: 1 });
      await append(first, 'a', [frame(0, 50), frame(1, 70)], [], 0);
      await first.close();
      const second = openStore(file);
      expect(await second.endAbandoned(() => true)).toBe(1); // written by a store of this process, now closed
      expect((await second.get('a'))?.endedAt).toBe(70);
      await second.create({ id: 'b', name: 'b', target: null, startedAt: 1 });
      const db = (second as unknown as { db: { prepare: (s: string) => { run: (...a: unknown[]) => void } } })
        .db;
      db.prepare('UPDATE recordings SET owner = ? WHERE id = ?').run(`${process.pid + 1}:x`, 'b');
      expect(await second.endAbandoned(() => true)).toBe(0); // another bridge, still running
      expect((await second.get('b'))?.endedAt).toBeUndefined();
      expect(await second.endAbandoned(() => false)).toBe(1); // that bridge is gone
      expect((await second.get('b'))?.endedAt).toBe(1);
      // Two stores open in one process (two bridges embedded in one program) leave each other alone.
      await second.create({ id: 'c', name: 'c', target: null, startedAt: 1 });
      const third = openStore(file);
      expect(await third.endAbandoned(() => false)).toBe(0);
      await second.close();
      expect(await third.endAbandoned(() => false)).toBe(1);
    });

    it('refuses a file written by a newer schema, with the reason', async () => {
      const file = tempFile();
      const store = SqliteRecordingStore.open(file, driver);
      (store as unknown as { db: { exec: (s: string) => void } }).db.exec('PRAGMA user_version = 99');
      await store.close();
      expect(() => SqliteRecordingStore.open(file, driver)).toThrow(/newer Toolscope/);
    });

    it('opens a file written with better-sqlite3, migrates it, and keeps reading, writing and deleting in it', async () => {
      const file = tempFile();
      copyFileSync(LEGACY_FILE, file);
      const store = openStore(file);
      expect((await store.list()).map((r) => [r.id, r.frameCount, r.endedAt, r.shareId])).toEqual([
        ['open', 1, undefined, undefined],
        ['ended', 3, 1760000000050, 'share-legacy-fixture'],
      ]);
      expect(await store.userNameOf('ended')).toBeNull();
      expect((await store.get('open'))?.target).toEqual({
        transport: 'http',
        url: 'http://127.0.0.1:3001/mcp',
      });
      expect((await store.findByShareId('share-legacy-fixture'))?.name).toBe('Demo server');
      expect((await store.frames('ended')).map((f) => [f.seq, f.direction, f.raw ?? f.message])).toEqual([
        [0, 'out', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
        [1, 'in', { jsonrpc: '2.0', id: 1, result: { tools: [] } }],
        [2, 'in', 'garbage'],
      ]);
      expect((await store.events('ended')).map((entry) => entry.event.kind)).toEqual(['stderr', 'exited']);
      expect(await store.getRetentionDays()).toBe(7);
      // The bridge that wrote "open" is gone: it ends at its last frame, read with json_extract too.
      expect(await store.endAbandoned(() => false)).toBe(1);
      expect((await store.get('open'))?.endedAt).toBe(1760000001010);
      await store.create({
        id: 'new',
        name: 'new',
        target: null,
        startedAt: 1760000002000,
        userName: 'alice',
      });
      await append(
        store,
        'new',
        [frame(0)],
        [{ time: 5, event: { kind: 'exited', code: 0, signal: null } }],
        0,
      );
      expect(await store.delete('ended')).toBe(true);
      await store.close();

      const reopened = openStore(file);
      const version = (reopened as unknown as { db: { pragma: (n: string) => unknown } }).db.pragma(
        'user_version',
      );
      expect(Number(version)).toBe(SCHEMA_VERSION);
      expect((await reopened.list()).map((r) => r.id)).toEqual(['new', 'open']);
      expect((await reopened.list({ userName: 'alice' })).map((r) => r.id)).toEqual(['new']);
      expect(await reopened.frames('ended')).toEqual([]);
      expect(await reopened.events('ended')).toEqual([]);
      expect(await reopened.frames('new')).toEqual([frame(0)]);
    });
  });
}
