import type { SqlDatabase } from './sqlite-driver.ts';

/**
 * The steps that bring a recordings file to each schema version, in order; the version reached is
 * kept in SQLite's `user_version` (files written before this list existed are at 1). Each step runs
 * once, in a transaction with the version bump, so a step never runs twice on one file.
 */
export const SQLITE_MIGRATIONS: readonly { version: number; sql: string }[] = [
  { version: 1, sql: '' /* the tables below, created with IF NOT EXISTS: files at 0 or 1 */ },
  {
    version: 2,
    sql: `ALTER TABLE recordings ADD COLUMN user_name TEXT;
          CREATE INDEX IF NOT EXISTS recordings_by_user ON recordings (user_name, started_at)`,
  },
  // The Recordings list says what happened in each: "3 calls: echo, get_weather" (JSON of RecordingCalls).
  { version: 3, sql: 'ALTER TABLE recordings ADD COLUMN calls TEXT' },
  // What a recording lacks when its store was away too long: JSON of RecordingGap[] ("interrupted").
  { version: 4, sql: 'ALTER TABLE recordings ADD COLUMN gaps TEXT' },
];

/** The newest schema version this Toolscope writes. */
export const SCHEMA_VERSION = SQLITE_MIGRATIONS.at(-1)!.version;

/** The tables of a version-1 recordings file (later columns come from {@link SQLITE_MIGRATIONS}). */
export const SCHEMA = `
  CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS recordings (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    target TEXT,
    started_at INTEGER NOT NULL,
    ended_at INTEGER,
    frame_count INTEGER NOT NULL DEFAULT 0,
    event_count INTEGER NOT NULL DEFAULT 0,
    share_id TEXT UNIQUE,
    owner TEXT
  );
  CREATE TABLE IF NOT EXISTS frame_chunks (
    recording_id TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
    first_seq INTEGER NOT NULL,
    last_seq INTEGER NOT NULL,
    last_time INTEGER NOT NULL,
    body TEXT NOT NULL,
    UNIQUE (recording_id, first_seq)
  );
  CREATE TABLE IF NOT EXISTS events (
    recording_id TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    body TEXT NOT NULL,
    UNIQUE (recording_id, idx)
  );
`;

/** Brings `db` to {@link SCHEMA_VERSION}, one step per transaction; refuses a newer file. */
export function migrateSqlite(db: SqlDatabase, file: string): void {
  // busy_timeout first: switching to WAL must wait, not fail, while another bridge writes.
  db.exec('PRAGMA busy_timeout = 3000');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  const version = Number(db.pragma('user_version') ?? 0);
  if (version > SCHEMA_VERSION)
    throw new Error(
      `${file} was written by a newer Toolscope (schema ${version}; this one reads ${SCHEMA_VERSION})`,
    );
  db.exec(SCHEMA);
  if (version < 1) db.exec('PRAGMA user_version = 1');
  for (const step of SQLITE_MIGRATIONS) {
    if (step.version <= Math.max(version, 1)) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      // Another bridge may have run this step since the version was read: read it again inside.
      if (Number(db.pragma('user_version') ?? 0) < step.version) {
        db.exec(step.sql);
        db.exec(`PRAGMA user_version = ${step.version}`);
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
