import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { RecordedEvent, RecordingSummary } from '#shared/recordings.ts';
import { serverTargetShape, type ServerTarget } from '#shared/targets.ts';
import { parseJsonText, parseUntrusted } from '#shared/untrusted-json.ts';

/** Schema version kept in SQLite's `user_version`; bump with a migration step below. */
const SCHEMA_VERSION = 1;
/** Ended recordings are kept this long unless the setting says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const SCHEMA = `
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

interface RecordingRow {
  id: string;
  name: string;
  target: string | null;
  started_at: number;
  ended_at: number | null;
  frame_count: number;
  share_id: string | null;
}

/**
 * The recordings in one SQLite file: a row per connection, its frames and its bridge
 * events in order. Synchronous (better-sqlite3); callers batch writes into one transaction.
 * Nothing here knows about HTTP or live viewers.
 */
export class RecordingStore {
  private readonly db: Database.Database;
  /** Who writes through this store: `<pid>:<random>`, so two stores in one process are told apart. */
  private readonly owner = `${process.pid}:${randomUUID()}`;
  private readonly statements;
  private readonly appendBatch: (
    id: string,
    frames: readonly Frame[],
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    scrub: (json: string) => string,
  ) => void;

  /** Opens (creating when needed) the store at `file`; the folder is made private to the user. */
  static open(file: string): RecordingStore {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const db = new Database(file);
    if (file !== ':memory:') chmodSync(file, 0o600);
    return new RecordingStore(db, file);
  }

  private constructor(
    db: Database.Database,
    readonly file: string,
  ) {
    this.db = db;
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 3000');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      db.close();
      throw new Error(
        `${file} was written by a newer Toolscope (schema ${version}; this one reads ${SCHEMA_VERSION})`,
      );
    }
    db.exec(SCHEMA);
    OPEN_OWNERS.add(this.owner);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
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
        frames: readonly Frame[],
        events: readonly RecordedEvent[],
        firstEventIndex: number,
        scrub: (json: string) => string,
      ) => {
        // One row per batch: one JSON array costs far less than a row per frame.
        if (frames.length)
          insertChunk.run(
            id,
            frames[0]!.seq,
            frames.at(-1)!.seq,
            frames.at(-1)!.time,
            scrub(JSON.stringify(frames)),
          );
        events.forEach((entry, i) => insertEvent.run(id, firstEventIndex + i, scrub(JSON.stringify(entry))));
        count.run(frames.length, events.length, id);
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
    return (this.statements.list.all() as RecordingRow[]).map(toSummary);
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
    return this.statements.rename.run(name, id).changes > 0;
  }

  setShareId(id: string, shareId: string | null): boolean {
    return this.statements.share.run(shareId, id).changes > 0;
  }

  delete(id: string): boolean {
    return this.statements.delete.run(id).changes > 0;
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
    if (this.db.open) this.db.close();
  }
}

function toSummary(row: RecordingRow): RecordingSummary {
  return {
    id: row.id,
    name: row.name,
    target: storedTarget(row.target),
    startedAt: row.started_at,
    ...(row.ended_at !== null ? { endedAt: row.ended_at } : {}),
    frameCount: row.frame_count,
    ...(row.share_id ? { shareId: row.share_id } : {}),
    live: false,
  };
}

/** The stored target, or null when there is none or it cannot be read (the recording is listed all the same). */
function storedTarget(json: string | null): ServerTarget | null {
  if (!json) return null;
  const parsed = parseJsonText(json);
  const read = parsed.ok ? parseUntrusted(serverTargetShape, parsed.value) : parsed;
  return read.ok ? read.value : null;
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
