import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { RecordingStore } from './recording-store.ts';

const DAY = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
const stores: RecordingStore[] = [];

function openStore(file?: string): RecordingStore {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-store-'));
  dirs.push(dir);
  const store = RecordingStore.open(file ?? path.join(dir, 'nested', 'recordings.sqlite'));
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function frame(seq: number, time = 1000 + seq): Frame {
  return {
    seq,
    time,
    direction: seq % 2 ? 'in' : 'out',
    bytes: 10,
    message: { jsonrpc: '2.0', id: seq, method: 'ping' },
  };
}

describe('RecordingStore', () => {
  it('keeps frames and events in order, with counts, and lists newest first', () => {
    const store = openStore();
    store.create({ id: 'a', name: 'first', target: null, startedAt: 1 });
    store.create({
      id: 'b',
      name: 'second',
      target: { transport: 'stdio', command: 'x', args: [] },
      startedAt: 2,
    });
    store.append('a', [frame(0), frame(1)], [{ time: 5, event: { kind: 'stderr', line: 'hi', time: 5 } }], 0);
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
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'toolscope-store-')), 'r.sqlite');
    dirs.push(path.dirname(file));
    const first = RecordingStore.open(file);
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
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'toolscope-store-')), 'r.sqlite');
    dirs.push(path.dirname(file));
    const store = RecordingStore.open(file);
    (store as unknown as { db: { pragma: (s: string) => void } }).db.pragma('user_version = 99');
    store.close();
    expect(() => RecordingStore.open(file)).toThrow(/newer Toolscope/);
  });
});
