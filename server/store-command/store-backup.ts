import { chmodSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { openSqlite, type SqliteDriverName } from '../recordings/sqlite-driver.ts';

/** What a backup wrote: how much, and when its snapshot was taken. */
export interface BackupResult {
  file: string;
  recordings: number;
  frames: number;
  bytes: number;
  takenAt: number;
}

/**
 * Copies the recordings file `source` to `target` while a bridge may be writing it: one consistent
 * snapshot, what the WAL holds included (copying `recordings.sqlite` alone would miss it). The copy
 * is checked (SQLite's integrity check) and made a single file (no WAL) of mode 600 before it takes
 * its name, so a `target` that exists is always a whole backup. Refuses to replace a file.
 */
export async function backupSqlite(
  source: string,
  target: string,
  driver?: SqliteDriverName,
): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`there is no recordings file at ${source}`);
  if (existsSync(target)) throw new Error(`${target} already exists: give a new file name`);
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);
  rmSync(partial, { force: true });
  const db = openSqlite(source, driver);
  let takenAt: number;
  try {
    // Waits, rather than fails, while a bridge holds the write lock for a moment.
    db.exec('PRAGMA busy_timeout = 10000');
    takenAt = Date.now();
    await db.backup(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  try {
    const counts = checkCopy(partial, driver);
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    return { file: target, ...counts, bytes: statSync(target).size, takenAt };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** Checks a fresh copy, makes it one file (journal_mode DELETE) and counts what it holds. */
function checkCopy(file: string, driver?: SqliteDriverName): { recordings: number; frames: number } {
  const copy = openSqlite(file, driver);
  try {
    const verdict = String(copy.pragma('integrity_check'));
    if (verdict !== 'ok') throw new Error(`the copy failed SQLite's integrity check: ${verdict}`);
    copy.exec('PRAGMA journal_mode = DELETE');
    const row = copy
      .prepare('SELECT COUNT(*) AS recordings, COALESCE(SUM(frame_count), 0) AS frames FROM recordings')
      .get();
    return { recordings: Number(row?.recordings ?? 0), frames: Number(row?.frames ?? 0) };
  } finally {
    copy.close();
  }
}
