import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toFrameTexts } from '../recordings/recording-store.ts';
import { availableSqliteDrivers, type SqliteDriverName } from '../recordings/sqlite-driver.ts';
import { SqliteRecordingStore } from '../recordings/sqlite-recording-store.ts';
import { backupSqlite } from './store-backup.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'toolscope-backup-'));
  folders.push(made);
  return made;
}

/** A store still open (as a running bridge holds it), with one ended recording of 3 frames in its WAL. */
async function liveStore(dir: string, driver: SqliteDriverName) {
  const file = path.join(dir, 'recordings.sqlite');
  const store = SqliteRecordingStore.open(file, driver);
  await store.create({ id: 'r', name: 'kept', target: null, startedAt: 1, userName: 'alice' });
  const frames = [0, 1, 2].map((seq) => ({
    seq,
    time: seq,
    direction: 'out' as const,
    bytes: 10,
    message: { jsonrpc: '2.0' as const, id: seq, method: 'ping' },
  }));
  await store.appendTexts('r', toFrameTexts(frames), [], 0);
  await store.end('r', 5);
  return { file, store };
}

describe.each(availableSqliteDrivers())('store backup on %s', (driver) => {
  it('copies what sits in the WAL, which a copy of the file alone misses, while the store stays open', async () => {
    const dir = folder();
    const { file, store } = await liveStore(dir, driver);
    try {
      expect(existsSync(`${file}-wal`)).toBe(true);
      copyFileSync(file, path.join(dir, 'file-alone.sqlite'));
      const alone = SqliteRecordingStore.open(path.join(dir, 'file-alone.sqlite'), driver);
      expect(await alone.list()).toEqual([]);
      await alone.close();

      const target = path.join(dir, 'backup.sqlite');
      const done = await backupSqlite(file, target, driver);
      expect(done).toMatchObject({ file: target, recordings: 1, frames: 3 });
      // One file, private, with no WAL of its own beside it.
      expect(statSync(target).mode & 0o777).toBe(0o600);
      expect(existsSync(`${target}-wal`)).toBe(false);
      const copy = SqliteRecordingStore.open(target, driver);
      expect((await copy.list()).map((r) => r.name)).toEqual(['kept']);
      expect((await copy.frames('r')).map((f) => f.seq)).toEqual([0, 1, 2]);
      expect(await copy.userNameOf('r')).toBe('alice');
      await copy.close();
      // The store it copied goes on being written.
      await store.create({ id: 'later', name: 'later', target: null, startedAt: 9 });
    } finally {
      await store.close();
    }
  });

  it('refuses to replace a file, and says when there is nothing to back up', async () => {
    const dir = folder();
    const taken = path.join(dir, 'taken.sqlite');
    writeFileSync(taken, 'x');
    await expect(
      backupSqlite(path.join(dir, 'missing.sqlite'), path.join(dir, 'b.sqlite'), driver),
    ).rejects.toThrow(/there is no recordings file at .*missing\.sqlite/);
    const { file, store } = await liveStore(dir, driver);
    await store.close();
    await expect(backupSqlite(file, taken, driver)).rejects.toThrow(/taken\.sqlite already exists/);
    expect(existsSync(path.join(dir, 'b.sqlite'))).toBe(false);
  });
});
