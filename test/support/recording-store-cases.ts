import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { RecordingStore } from '../../server/recordings/recording-store.ts';
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

/**
 * The store's tests on one driver. Each driver's tests run in a test file of their own (a process of
 * their own): loading several SQLite addons into one process has crashed Node.
 */
export function describeRecordingStore(driver: SqliteDriverName): void {
  const dirs: string[] = [];
  const stores: RecordingStore[] = [];

  function openStore(file?: string): RecordingStore {
    const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-store-'));
    dirs.push(dir);
    const store = RecordingStore.open(file ?? path.join(dir, 'nested', 'recordings.sqlite'), driver);
    stores.push(store);
    return store;
  }

  function tempFile(): string {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'toolscope-store-')), 'r.sqlite');
    dirs.push(path.dirname(file));
    return file;
  }

  afterEach(() => {
    for (const store of stores.splice(0)) store.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  describe(`RecordingStore on ${driver}`, () => {
    it('keeps frames and events in order, with counts, and lists newest first', () => {
      const store = openStore();
      store.create({ id: 'a', name: 'first', target: null, startedAt: 1 });
      store.create({
        id: 'b',
        name: 'second',
        target: { transport: 'stdio', command: 'x', args: [] },
        startedAt: 2,
      });
      store.append(
        'a',
        [frame(0), frame(1)],
        [{ time: 5, event: { kind: 'stderr', line: 'hi', time: 5 } }],
        0,
      );
      store.append('a', [frame(2)], [{ time: 6, event: { kind: 'exited', code: 0, signal: null } }], 1);
      expect(store.frames('a')).toEqual([frame(0), frame(1), frame(2)]);
      expect(store.frames('a', 2)).toEqual([frame(2)]);
      expect(store.events('a').map((entry) => entry.event.kind)).toEqual(['stderr', 'exited']);
      expect(store.events('a', 1)).toHaveLength(1);
      expect(store.list().map((r) => [r.id, r.frameCount])).toEqual([
        ['b', 0],
        ['a', 3],
      ]);
      expect(store.get('b')?.target).toEqual({ transport: 'stdio', command: 'x', args: [] });
    });

    it('renames, shares, finds by share id, unshares and deletes with everything it holds', () => {
      const store = openStore();
      store.create({ id: 'a', name: 'first', target: null, startedAt: 1 });
      store.append('a', [frame(0)], [], 0);
      expect(store.rename('a', 'renamed')).toBe(true);
      expect(store.rename('missing', 'x')).toBe(false);
      store.setShareId('a', 'share-1');
      expect(store.findByShareId('share-1')?.name).toBe('renamed');
      store.setShareId('a', null);
      expect(store.findByShareId('share-1')).toBeUndefined();
      expect(store.delete('a')).toBe(true);
      expect(store.frames('a')).toEqual([]);
      expect(store.list()).toEqual([]);
    });

    it('deletes ended recordings older than the retention setting, never open ones; 0 keeps all', () => {
      const store = openStore();
      const now = 100 * DAY;
      store.create({ id: 'old', name: 'old', target: null, startedAt: now - 40 * DAY });
      store.end('old', now - 31 * DAY);
      store.create({ id: 'recent', name: 'recent', target: null, startedAt: now - 2 * DAY });
      store.end('recent', now - DAY);
      store.create({ id: 'open', name: 'open', target: null, startedAt: now - 90 * DAY });
      store.retentionDays = 0;
      expect(store.prune(now)).toEqual([]);
      store.retentionDays = 30;
      expect(store.prune(now)).toEqual(['old']);
      expect(
        store
          .list()
          .map((r) => r.id)
          .sort(),
      ).toEqual(['open', 'recent']);
    });

    it('ends recordings a stopped bridge left open, at their last frame; a running bridge keeps its own', () => {
      const file = tempFile();
      const first = RecordingStore.open(file, driver);
      first.create({ id: 'a', name: 'a', target: null, startedAt: 1 });
      first.append('a', [frame(0, 50), frame(1, 70)], [], 0);
      first.close();
      const second = openStore(file);
      expect(second.endAbandoned(() => true)).toBe(1); // written by a store of this process, now closed
      expect(second.get('a')?.endedAt).toBe(70);
      second.create({ id: 'b', name: 'b', target: null, startedAt: 1 });
      const db = (second as unknown as { db: { prepare: (s: string) => { run: (...a: unknown[]) => void } } })
        .db;
      db.prepare('UPDATE recordings SET owner = ? WHERE id = ?').run(`${process.pid + 1}:x`, 'b');
      expect(second.endAbandoned(() => true)).toBe(0); // another bridge, still running
      expect(second.get('b')?.endedAt).toBeUndefined();
      expect(second.endAbandoned(() => false)).toBe(1); // that bridge is gone
      expect(second.get('b')?.endedAt).toBe(1);
      // Two stores open in one process (two bridges embedded in one program) leave each other alone.
      second.create({ id: 'c', name: 'c', target: null, startedAt: 1 });
      const third = openStore(file);
      expect(third.endAbandoned(() => false)).toBe(0);
      second.close();
      expect(third.endAbandoned(() => false)).toBe(1);
    });

    it('refuses a file written by a newer schema, with the reason', () => {
      const file = tempFile();
      const store = RecordingStore.open(file, driver);
      (store as unknown as { db: { exec: (s: string) => void } }).db.exec('PRAGMA user_version = 99');
      store.close();
      expect(() => RecordingStore.open(file, driver)).toThrow(/newer Toolscope/);
    });

    it('opens a file written with better-sqlite3 and keeps reading, writing and deleting in it', () => {
      const file = tempFile();
      copyFileSync(LEGACY_FILE, file);
      const store = openStore(file);
      expect(store.list().map((r) => [r.id, r.frameCount, r.endedAt, r.shareId])).toEqual([
        ['open', 1, undefined, undefined],
        ['ended', 3, 1760000000050, 'share-legacy-fixture'],
      ]);
      expect(store.get('open')?.target).toEqual({ transport: 'http', url: 'http://127.0.0.1:3001/mcp' });
      expect(store.findByShareId('share-legacy-fixture')?.name).toBe('Demo server');
      expect(store.frames('ended').map((f) => [f.seq, f.direction, f.raw ?? f.message])).toEqual([
        [0, 'out', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
        [1, 'in', { jsonrpc: '2.0', id: 1, result: { tools: [] } }],
        [2, 'in', 'garbage'],
      ]);
      expect(store.events('ended').map((entry) => entry.event.kind)).toEqual(['stderr', 'exited']);
      expect(store.retentionDays).toBe(7);
      // The bridge that wrote "open" is gone: it ends at its last frame, read with json_extract too.
      expect(store.endAbandoned(() => false)).toBe(1);
      expect(store.get('open')?.endedAt).toBe(1760000001010);
      store.create({ id: 'new', name: 'new', target: null, startedAt: 1760000002000 });
      store.append('new', [frame(0)], [{ time: 5, event: { kind: 'exited', code: 0, signal: null } }], 0);
      expect(store.delete('ended')).toBe(true);
      store.close();

      const reopened = openStore(file);
      expect(reopened.list().map((r) => r.id)).toEqual(['new', 'open']);
      expect(reopened.frames('ended')).toEqual([]);
      expect(reopened.events('ended')).toEqual([]);
      expect(reopened.frames('new')).toEqual([frame(0)]);
    });

    it('rolls a failed append back as a whole', () => {
      const store = openStore();
      store.create({ id: 'a', name: 'a', target: null, startedAt: 1 });
      // The frames' row is written first; the event's scrub then fails, and neither is kept.
      const stderr = { time: 5, event: { kind: 'stderr' as const, line: 'x', time: 5 } };
      expect(() =>
        store.append('a', [frame(0)], [stderr], 0, (json) => {
          if (json.includes('stderr')) throw new Error('scrubber broke');
          return json;
        }),
      ).toThrow('scrubber broke');
      expect(store.frames('a')).toEqual([]);
      expect(store.events('a')).toEqual([]);
      expect(store.get('a')?.frameCount).toBe(0);
      store.append('a', [frame(0)], [], 0);
      expect(store.frames('a')).toEqual([frame(0)]);
    });
  });
}
