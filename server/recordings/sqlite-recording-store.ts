import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { RecordedEvent, RecordingCalls, RecordingGap, RecordingSummary } from '#shared/recordings.ts';
import {
  NEW_RECORDING_COLUMNS,
  newRecordingValues,
  expiryCutoff,
  readRetentionDays,
  type FrameTexts,
  type NewRecording,
  type RecordingSize,
  type RecordingStore,
  type RecordingUsage,
  type Scrub,
} from './recording-store.ts';
import { SCHEMA, SCHEMA_VERSION, SQLITE_MIGRATIONS } from './sqlite-schema.ts';
import {
  eventsOfRows,
  framesOfChunks,
  toSize,
  toSummary,
  toUsage,
  type RecordingRow,
  type UsageRow,
} from './recording-rows.ts';
import { openSqlite, type SqlDatabase, type SqliteDriverName } from './sqlite-driver.ts';

/**
 * The recordings in one SQLite file (node:sqlite or libsql, see sqlite-driver.ts). Every call does
 * its work before it returns; the promises only give it the shape of {@link RecordingStore}.
 */
export class SqliteRecordingStore implements RecordingStore {
  readonly kind = 'sqlite';
  readonly shared = false;
  private readonly db: SqlDatabase;
  /** Who writes through this store: `<pid>:<random>`, so two stores in one process are told apart. */
  private readonly owner = `${process.pid}:${randomUUID()}`;
  private readonly statements;
  private readonly appendBatch: (
    id: string,
    frames: FrameTexts | undefined,
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    scrub: Scrub,
  ) => void;

  /** Opens (creating when needed) the store at `file`; the folder is made private to the user. */
  static open(file: string, driver?: SqliteDriverName): SqliteRecordingStore {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const db = openSqlite(file, driver);
    if (file !== ':memory:') chmodSync(file, 0o600);
    return new SqliteRecordingStore(db, file);
  }

  private constructor(
    db: SqlDatabase,
    readonly location: string,
  ) {
    this.db = db;
    try {
      migrate(db, location);
    } catch (error) {
      db.close();
      throw error;
    }
    OPEN_OWNERS.add(this.owner);
    this.statements = {
      insert: db.prepare(`INSERT INTO recordings (${NEW_RECORDING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`),
      insertChunk: db.prepare(
        'INSERT INTO frame_chunks (recording_id, first_seq, last_seq, last_time, body) VALUES (?, ?, ?, ?, ?)',
      ),
      insertEvent: db.prepare('INSERT INTO events (recording_id, idx, body) VALUES (?, ?, ?)'),
      count: db.prepare(
        'UPDATE recordings SET frame_count = frame_count + ?, event_count = event_count + ? WHERE id = ?',
      ),
      end: db.prepare('UPDATE recordings SET ended_at = ?, owner = NULL WHERE id = ? AND ended_at IS NULL'),
      get: db.prepare('SELECT * FROM recordings WHERE id = ?'),
      byShare: db.prepare('SELECT * FROM recordings WHERE share_id = ?'),
      list: db.prepare('SELECT * FROM recordings ORDER BY started_at DESC, rowid DESC'),
      listByUser: db.prepare(
        'SELECT * FROM recordings WHERE user_name = ? ORDER BY started_at DESC, rowid DESC',
      ),
      usage: db.prepare(
        `SELECT r.id, r.started_at, r.ended_at, (SELECT COALESCE(SUM(length(CAST(c.body AS BLOB))), 0)
           FROM frame_chunks c WHERE c.recording_id = r.id) AS bytes
         FROM recordings r WHERE r.user_name = ? ORDER BY r.started_at, r.rowid`,
      ),
      sizes: db.prepare(
        `SELECT r.id, r.started_at, r.ended_at, r.user_name, (SELECT COALESCE(SUM(length(CAST(c.body AS BLOB))), 0)
           FROM frame_chunks c WHERE c.recording_id = r.id) AS bytes
         FROM recordings r ORDER BY r.started_at, r.rowid`,
      ),
      chunks: db.prepare(
        'SELECT body FROM frame_chunks WHERE recording_id = ? AND last_seq >= ? ORDER BY first_seq',
      ),
      events: db.prepare('SELECT body FROM events WHERE recording_id = ? AND idx >= ? ORDER BY idx'),
      rename: db.prepare('UPDATE recordings SET name = ? WHERE id = ?'),
      calls: db.prepare('UPDATE recordings SET calls = ? WHERE id = ?'),
      gaps: db.prepare('UPDATE recordings SET gaps = ? WHERE id = ?'),
      share: db.prepare('UPDATE recordings SET share_id = ? WHERE id = ?'),
      delete: db.prepare('DELETE FROM recordings WHERE id = ?'),
      expired: db.prepare('SELECT id FROM recordings WHERE ended_at IS NOT NULL AND ended_at < ?'),
      unfinished: db.prepare('SELECT id, owner FROM recordings WHERE ended_at IS NULL'),
      lastTime: db.prepare(
        `SELECT MAX(t) AS t FROM (
           SELECT last_time AS t FROM frame_chunks WHERE recording_id = ?
           UNION ALL SELECT json_extract(body, '$.time') FROM events WHERE recording_id = ?)`,
      ),
      setting: db.prepare('SELECT value FROM settings WHERE key = ?'),
      setSetting: db.prepare(
        'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
    };
    const { insertChunk, insertEvent, count } = this.statements;
    this.appendBatch = db.transaction(
      (
        id: string,
        frames: FrameTexts | undefined,
        events: readonly RecordedEvent[],
        first: number,
        scrub: Scrub,
      ) => {
        // One row per batch: one JSON array costs far less than a row per frame.
        if (frames)
          insertChunk.run(
            id,
            frames.firstSeq,
            frames.lastSeq,
            frames.lastTime,
            scrub(`[${frames.texts.join(',')}]`),
          );
        events.forEach((entry, i) => insertEvent.run(id, first + i, scrub(JSON.stringify(entry))));
        count.run(frames?.texts.length ?? 0, events.length, id);
      },
    );
  }

  async create(recording: NewRecording): Promise<void> {
    this.statements.insert.run(...newRecordingValues(recording, this.owner));
  }

  async appendTexts(
    id: string,
    frames: FrameTexts | undefined,
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    scrub: Scrub = (json) => json,
  ): Promise<void> {
    this.appendBatch(id, frames, events, firstEventIndex, scrub);
  }

  async end(id: string, endedAt: number): Promise<void> {
    this.statements.end.run(endedAt, id);
  }

  async get(id: string): Promise<RecordingSummary | undefined> {
    return this.summaryOf(id);
  }

  async userNameOf(id: string): Promise<string | null | undefined> {
    const row = this.statements.get.get(id) as { user_name: string | null } | undefined;
    return row ? row.user_name : undefined;
  }

  async findByShareId(shareId: string): Promise<RecordingSummary | undefined> {
    const row = this.statements.byShare.get(shareId) as RecordingRow | undefined;
    return row && toSummary(row);
  }

  async list(filter: { userName?: string } = {}): Promise<RecordingSummary[]> {
    const rows =
      filter.userName === undefined
        ? this.statements.list.all()
        : this.statements.listByUser.all(filter.userName);
    return (rows as unknown as RecordingRow[]).map(toSummary);
  }

  async usage(userName: string): Promise<RecordingUsage[]> {
    return (this.statements.usage.all(userName) as unknown as UsageRow[]).map(toUsage);
  }

  async sizes(): Promise<RecordingSize[]> {
    return (this.statements.sizes.all() as unknown as UsageRow[]).map(toSize);
  }

  async frames(id: string, fromSeq = 0): Promise<Frame[]> {
    const chunks = this.statements.chunks.all(id, fromSeq) as { body: string }[];
    return framesOfChunks(
      chunks.map((row) => row.body),
      fromSeq,
    );
  }

  async events(id: string, fromIndex = 0): Promise<RecordedEvent[]> {
    return eventsOfRows(
      (this.statements.events.all(id, fromIndex) as { body: string }[]).map((row) => row.body),
    );
  }

  async setCalls(id: string, calls: RecordingCalls): Promise<void> {
    this.statements.calls.run(JSON.stringify(calls), id);
  }

  async setGaps(id: string, gaps: readonly RecordingGap[]): Promise<void> {
    this.statements.gaps.run(gaps.length ? JSON.stringify(gaps) : null, id);
  }

  async rename(id: string, name: string): Promise<boolean> {
    return Number(this.statements.rename.run(name, id).changes) > 0;
  }

  async setShareId(id: string, shareId: string | null): Promise<boolean> {
    return Number(this.statements.share.run(shareId, id).changes) > 0;
  }

  async delete(id: string): Promise<boolean> {
    return Number(this.statements.delete.run(id).changes) > 0;
  }

  /** `isRunning` tells whether a process id still runs (tests stand in for the system's answer). */
  async endAbandoned(isRunning: (pid: number) => boolean = processIsRunning): Promise<number> {
    let ended = 0;
    for (const row of this.statements.unfinished.all() as { id: string; owner: string | null }[]) {
      if (row.owner !== null && ownerIsOpen(row.owner, isRunning)) continue;
      const last = (this.statements.lastTime.get(row.id, row.id) as { t: number | null }).t;
      const started = this.summaryOf(row.id)?.startedAt ?? Date.now();
      this.statements.end.run(last ?? started, row.id);
      ended++;
    }
    return ended;
  }

  async getRetentionDays(): Promise<number> {
    return this.retentionDays();
  }

  async setRetentionDays(days: number): Promise<void> {
    this.statements.setSetting.run('retention_days', String(days));
  }

  async prune(now = Date.now()): Promise<string[]> {
    const cutoff = expiryCutoff(this.retentionDays(), now);
    if (cutoff === undefined) return [];
    const ids = (this.statements.expired.all(cutoff) as { id: string }[]).map((row) => row.id);
    for (const id of ids) this.statements.delete.run(id);
    return ids;
  }

  async check(): Promise<void> {
    this.statements.setting.get('retention_days');
  }

  watch(): () => void {
    // One process writes through this store: its own writers tell viewers of everything.
    return () => {};
  }

  async close(): Promise<void> {
    OPEN_OWNERS.delete(this.owner);
    this.db.close();
  }

  private summaryOf(id: string): RecordingSummary | undefined {
    const row = this.statements.get.get(id) as RecordingRow | undefined;
    return row && toSummary(row);
  }

  private retentionDays(): number {
    const row = this.statements.setting.get('retention_days') as { value: string } | undefined;
    return readRetentionDays(row?.value);
  }
}

/** Brings `db` to {@link SCHEMA_VERSION}, one step per transaction; refuses a newer file. */
function migrate(db: SqlDatabase, file: string): void {
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

/** The stores open in this process. */
const OPEN_OWNERS = new Set<string>();

/** Whether the store that wrote `owner` is still open: in this process, or in another that runs. */
function ownerIsOpen(owner: string, isRunning: (pid: number) => boolean): boolean {
  const pid = Number(owner.split(':')[0]);
  if (pid === process.pid) return OPEN_OWNERS.has(owner);
  return Number.isInteger(pid) && pid > 0 && isRunning(pid);
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
