import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { RecordedEvent, RecordingSummary } from '#shared/recordings.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { SCHEMA, SCHEMA_VERSION, toSummary, type RecordingRow } from './recording-rows.ts';
import { openSqlite, type SqlDatabase, type SqliteDriverName } from './sqlite-driver.ts';

/** Ended recordings are kept this long unless the setting says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Frames already written as JSON, in order: the text of each, the first's seq, the last's seq and time. */
export interface FrameTexts {
  firstSeq: number;
  lastSeq: number;
  lastTime: number;
  texts: readonly string[];
}

/**
 * The recordings in one SQLite file: a row per connection, its frames and its bridge
 * events in order. Synchronous (node:sqlite or libsql, see sqlite-driver.ts); callers batch writes
 * into one transaction.
 * Nothing here knows about HTTP or live viewers.
 */
export class RecordingStore {
  private readonly db: SqlDatabase;
  /** Who writes through this store: `<pid>:<random>`, so two stores in one process are told apart. */
  private readonly owner = `${process.pid}:${randomUUID()}`;
  private readonly statements;
  private readonly appendBatch: (
    id: string,
    frames: FrameTexts | undefined,
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    scrub: (json: string) => string,
  ) => void;

  /** Opens (creating when needed) the store at `file`; the folder is made private to the user. */
  static open(file: string, driver?: SqliteDriverName): RecordingStore {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const db = openSqlite(file, driver);
    if (file !== ':memory:') chmodSync(file, 0o600);
    return new RecordingStore(db, file);
  }

  private constructor(
    db: SqlDatabase,
    readonly file: string,
  ) {
    this.db = db;
    // busy_timeout first: switching to WAL must wait, not fail, while another bridge writes.
    db.exec('PRAGMA busy_timeout = 3000');
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    const version = Number(db.pragma('user_version') ?? 0);
    if (version > SCHEMA_VERSION) {
      db.close();
      throw new Error(
        `${file} was written by a newer Toolscope (schema ${version}; this one reads ${SCHEMA_VERSION})`,
      );
    }
    db.exec(SCHEMA);
    OPEN_OWNERS.add(this.owner);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    this.statements = {
      insert: db.prepare(
        'INSERT INTO recordings (id, name, target, started_at, owner) VALUES (?, ?, ?, ?, ?)',
      ),
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
      chunks: db.prepare(
        'SELECT body FROM frame_chunks WHERE recording_id = ? AND last_seq >= ? ORDER BY first_seq',
      ),
      events: db.prepare('SELECT body FROM events WHERE recording_id = ? AND idx >= ? ORDER BY idx'),
      rename: db.prepare('UPDATE recordings SET name = ? WHERE id = ?'),
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
        firstEventIndex: number,
        scrub: (json: string) => string,
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
        events.forEach((entry, i) => insertEvent.run(id, firstEventIndex + i, scrub(JSON.stringify(entry))));
        count.run(frames?.texts.length ?? 0, events.length, id);
      },
    );
  }

  /** Starts a recording. `target` must already be redacted: it is stored as given. */
  create(recording: { id: string; name: string; target: ServerTarget | null; startedAt: number }): void {
    this.statements.insert.run(
      recording.id,
      recording.name,
      recording.target ? JSON.stringify(recording.target) : null,
      recording.startedAt,
      this.owner,
    );
  }

  /** Appends frames and events in one transaction. Frames keep their `seq`; events are numbered on from `firstEventIndex`. */
  append(
    id: string,
    frames: readonly Frame[],
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    /** Rewrites each JSON text before it is stored (takes secrets out). */
    scrub: (json: string) => string = (json) => json,
  ): void {
    const texts: FrameTexts | undefined = frames.length
      ? {
          firstSeq: frames[0]!.seq,
          lastSeq: frames.at(-1)!.seq,
          lastTime: frames.at(-1)!.time,
          texts: frames.map((frame) => JSON.stringify(frame)),
        }
      : undefined;
    this.appendBatch(id, texts, events, firstEventIndex, scrub);
  }

  /** {@link append} for frames already written as JSON (the relay's hot path: nothing is serialised again). */
  appendTexts(
    id: string,
    frames: FrameTexts | undefined,
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    scrub: (json: string) => string = (json) => json,
  ): void {
    this.appendBatch(id, frames, events, firstEventIndex, scrub);
  }

  end(id: string, endedAt: number): void {
    this.statements.end.run(endedAt, id);
  }

  get(id: string): RecordingSummary | undefined {
    const row = this.statements.get.get(id) as RecordingRow | undefined;
    return row && toSummary(row);
  }

  findByShareId(shareId: string): RecordingSummary | undefined {
    const row = this.statements.byShare.get(shareId) as RecordingRow | undefined;
    return row && toSummary(row);
  }

  list(): RecordingSummary[] {
    return (this.statements.list.all() as unknown as RecordingRow[]).map(toSummary);
  }

  /** Frames from `fromSeq` on, in order. */
  frames(id: string, fromSeq = 0): Frame[] {
    const chunks = this.statements.chunks.all(id, fromSeq) as { body: string }[];
    const frames = chunks.flatMap((row) => JSON.parse(row.body) as Frame[]);
    return frames[0] && frames[0].seq < fromSeq ? frames.filter((frame) => frame.seq >= fromSeq) : frames;
  }

  /** Bridge events from index `fromIndex` on, in order. */
  events(id: string, fromIndex = 0): RecordedEvent[] {
    return (this.statements.events.all(id, fromIndex) as { body: string }[]).map(
      (row) => JSON.parse(row.body) as RecordedEvent,
    );
  }

  rename(id: string, name: string): boolean {
    return Number(this.statements.rename.run(name, id).changes) > 0;
  }

  setShareId(id: string, shareId: string | null): boolean {
    return Number(this.statements.share.run(shareId, id).changes) > 0;
  }

  delete(id: string): boolean {
    return Number(this.statements.delete.run(id).changes) > 0;
  }

  /**
   * Ends recordings left open by a bridge that is no longer running (it crashed or was killed),
   * at the time of their last frame or event. Recordings of a bridge still running on the same
   * file are left alone. Returns how many were ended.
   */
  endAbandoned(isRunning: (pid: number) => boolean = processIsRunning): number {
    let ended = 0;
    for (const row of this.statements.unfinished.all() as { id: string; owner: string | null }[]) {
      if (row.owner !== null && ownerIsOpen(row.owner, isRunning)) continue;
      const last = (this.statements.lastTime.get(row.id, row.id) as { t: number | null }).t;
      const started = this.get(row.id)?.startedAt ?? Date.now();
      this.end(row.id, last ?? started);
      ended++;
    }
    return ended;
  }

  get retentionDays(): number {
    const row = this.statements.setting.get('retention_days') as { value: string } | undefined;
    const days = row ? Number(row.value) : DEFAULT_RETENTION_DAYS;
    return Number.isInteger(days) && days >= 0 ? days : DEFAULT_RETENTION_DAYS;
  }

  set retentionDays(days: number) {
    this.statements.setSetting.run('retention_days', String(days));
  }

  /** Deletes ended recordings older than the retention setting; returns their ids. */
  prune(now = Date.now()): string[] {
    const days = this.retentionDays;
    if (days === 0) return [];
    const ids = (this.statements.expired.all(now - days * DAY_MS) as { id: string }[]).map((row) => row.id);
    for (const id of ids) this.delete(id);
    return ids;
  }

  close(): void {
    OPEN_OWNERS.delete(this.owner);
    this.db.close();
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
