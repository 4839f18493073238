import type { Frame } from '#shared/bridge-protocol.ts';
import type { RecordedEvent, RecordingCalls, RecordingGap, RecordingSummary } from '#shared/recordings.ts';
import {
  expiryCutoff,
  readRetentionDays,
  type FrameTexts,
  type NewRecording,
  type RecordingChangeListener,
  type RecordingSize,
  type RecordingStore,
  type RecordingUsage,
  type Scrub,
} from './recording-store.ts';
import {
  eventsOfRows,
  framesOfChunks,
  toSize,
  toSummary,
  toUsage,
  type RecordingRow,
  type UsageRow,
} from './recording-rows.ts';

/** A value given to a statement of {@link recordingStatements}. */
export type SqlParam = string | number | null;

/** What the two engines spell their own way in the statements both stores run. */
export interface SqlDialect {
  /** The bytes a text column holds (what the disk holds of it). */
  byteLength(column: string): string;
  /** The number at `key` of a column holding a JSON object. */
  jsonNumber(column: string, key: string): string;
  /** How recordings started in the same millisecond follow each other, after `started_at`. */
  readonly sameStart: { newestFirst: string; oldestFirst: string };
}

/**
 * The statements both stores run, written once with PostgreSQL's numbered parameters (`$1`, a
 * number used again names the same value); the SQLite engine renumbers them for its driver.
 */
export function recordingStatements(dialect: SqlDialect) {
  const bytes = `(SELECT COALESCE(SUM(${dialect.byteLength('c.body')}), 0)
           FROM frame_chunks c WHERE c.recording_id = r.id) AS bytes`;
  const { newestFirst, oldestFirst } = dialect.sameStart;
  return {
    // The owner is the bridge that writes it, so a stopped bridge's recordings can be ended.
    insert:
      'INSERT INTO recordings (id, name, target, started_at, owner, user_name) VALUES ($1, $2, $3, $4, $5, $6)',
    end: 'UPDATE recordings SET ended_at = $2, owner = NULL WHERE id = $1 AND ended_at IS NULL RETURNING id',
    get: 'SELECT * FROM recordings WHERE id = $1',
    userName: 'SELECT user_name FROM recordings WHERE id = $1',
    byShare: 'SELECT * FROM recordings WHERE share_id = $1',
    list: `SELECT * FROM recordings ORDER BY started_at DESC, ${newestFirst}`,
    listByUser: `SELECT * FROM recordings WHERE user_name = $1 ORDER BY started_at DESC, ${newestFirst}`,
    usage: `SELECT r.id, r.started_at, r.ended_at, ${bytes}
         FROM recordings r WHERE r.user_name = $1 ORDER BY r.started_at, ${oldestFirst}`,
    sizes: `SELECT r.id, r.started_at, r.ended_at, r.user_name, ${bytes}
         FROM recordings r ORDER BY r.started_at, ${oldestFirst}`,
    chunks: 'SELECT body FROM frame_chunks WHERE recording_id = $1 AND last_seq >= $2 ORDER BY first_seq',
    events: 'SELECT body FROM events WHERE recording_id = $1 AND idx >= $2 ORDER BY idx',
    rename: 'UPDATE recordings SET name = $2 WHERE id = $1',
    calls: 'UPDATE recordings SET calls = $2 WHERE id = $1',
    gaps: 'UPDATE recordings SET gaps = $2 WHERE id = $1',
    share: 'UPDATE recordings SET share_id = $2 WHERE id = $1 RETURNING id',
    delete: 'DELETE FROM recordings WHERE id = $1 RETURNING id',
    expire: 'DELETE FROM recordings WHERE ended_at IS NOT NULL AND ended_at < $1 RETURNING id',
    // The time of a recording's last frame or event, for ending an abandoned one.
    lastTime: `SELECT MAX(t) AS t FROM (
           SELECT last_time AS t FROM frame_chunks WHERE recording_id = $1
           UNION ALL SELECT ${dialect.jsonNumber('body', 'time')} FROM events WHERE recording_id = $1) AS times`,
    setting: 'SELECT value FROM settings WHERE key = $1',
    setSetting:
      'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  };
}

/** A batch of {@link RecordingStore.appendTexts} as it is written: its texts already scrubbed. */
export interface ScrubbedBatch {
  id: string;
  /** The frames as one JSON array, with the first's seq and the last's seq and time. */
  chunk: { firstSeq: number; lastSeq: number; lastTime: number; body: string; count: number } | undefined;
  /** The events' JSON, numbered on from `firstEventIndex`. */
  events: string[];
  firstEventIndex: number;
}

/** How one engine runs the statements of {@link recordingStatements}: its connection, in one shape. */
export interface SqlEngine {
  readonly dialect: SqlDialect;
  /** Runs a query; answers its rows. */
  rows<R>(sql: string, params?: readonly SqlParam[]): Promise<R[]>;
  /** Runs a write; answers how many rows it changed. */
  run(sql: string, params?: readonly SqlParam[]): Promise<number>;
  /**
   * Runs a write of recordings ending in `RETURNING id`; answers the ids it changed, and tells the
   * other processes on a shared store (see {@link RecordingStore.watch}) what changed in them.
   */
  change(change: 'content' | 'state', sql: string, params: readonly SqlParam[]): Promise<string[]>;
  /** Writes a batch of frames and events, and counts them on the recording, as one transaction. */
  append(batch: ScrubbedBatch): Promise<void>;
}

/**
 * What both stores do the same way over their engine: every statement, the rows read back, expiry
 * and the bytes counted per recording. A store adds its connection: how it opens and migrates,
 * how it tells a bridge that stopped from one that runs, how it is watched and closed.
 */
export abstract class SqlRecordingStore implements RecordingStore {
  abstract readonly kind: 'sqlite' | 'postgres';
  abstract readonly location: string;
  abstract readonly shared: boolean;
  /** Who writes through this store, kept on the recordings it opens (see {@link endAbandoned}). */
  protected abstract readonly owner: string;
  protected readonly sql;

  protected constructor(private readonly engine: SqlEngine) {
    this.sql = recordingStatements(engine.dialect);
  }

  abstract endAbandoned(): Promise<number>;
  abstract check(): Promise<void>;
  abstract watch(listener: RecordingChangeListener): () => void;
  abstract close(): Promise<void>;

  async create(recording: NewRecording): Promise<void> {
    const { id, name, target, startedAt, userName } = recording;
    await this.engine.run(this.sql.insert, [
      id,
      name,
      target ? JSON.stringify(target) : null,
      startedAt,
      this.owner,
      userName ?? null,
    ]);
  }

  async appendTexts(
    id: string,
    frames: FrameTexts | undefined,
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    scrub: Scrub = (json) => json,
  ): Promise<void> {
    // Scrubbed before anything is written: a scrubber that throws leaves nothing half written.
    // One row per batch: one JSON array costs far less than a row per frame.
    const chunk = frames && {
      firstSeq: frames.firstSeq,
      lastSeq: frames.lastSeq,
      lastTime: frames.lastTime,
      body: scrub(`[${frames.texts.join(',')}]`),
      count: frames.texts.length,
    };
    const bodies = events.map((entry) => scrub(JSON.stringify(entry)));
    await this.engine.append({ id, chunk, events: bodies, firstEventIndex });
  }

  async end(id: string, endedAt: number): Promise<void> {
    await this.engine.change('content', this.sql.end, [id, endedAt]);
  }

  async get(id: string): Promise<RecordingSummary | undefined> {
    const [row] = await this.engine.rows<RecordingRow>(this.sql.get, [id]);
    return row && toSummary(row);
  }

  async userNameOf(id: string): Promise<string | null | undefined> {
    const [row] = await this.engine.rows<{ user_name: string | null }>(this.sql.userName, [id]);
    return row ? row.user_name : undefined;
  }

  async findByShareId(shareId: string): Promise<RecordingSummary | undefined> {
    const [row] = await this.engine.rows<RecordingRow>(this.sql.byShare, [shareId]);
    return row && toSummary(row);
  }

  async list(filter: { userName?: string } = {}): Promise<RecordingSummary[]> {
    const rows =
      filter.userName === undefined
        ? await this.engine.rows<RecordingRow>(this.sql.list)
        : await this.engine.rows<RecordingRow>(this.sql.listByUser, [filter.userName]);
    return rows.map(toSummary);
  }

  async usage(userName: string): Promise<RecordingUsage[]> {
    return (await this.engine.rows<UsageRow>(this.sql.usage, [userName])).map(toUsage);
  }

  async sizes(): Promise<RecordingSize[]> {
    return (await this.engine.rows<UsageRow>(this.sql.sizes)).map(toSize);
  }

  async frames(id: string, fromSeq = 0): Promise<Frame[]> {
    const rows = await this.engine.rows<{ body: string }>(this.sql.chunks, [id, fromSeq]);
    return framesOfChunks(
      rows.map((row) => row.body),
      fromSeq,
    );
  }

  async events(id: string, fromIndex = 0): Promise<RecordedEvent[]> {
    const rows = await this.engine.rows<{ body: string }>(this.sql.events, [id, fromIndex]);
    return eventsOfRows(rows.map((row) => row.body));
  }

  async setCalls(id: string, calls: RecordingCalls): Promise<void> {
    await this.engine.run(this.sql.calls, [id, JSON.stringify(calls)]);
  }

  async setGaps(id: string, gaps: readonly RecordingGap[]): Promise<void> {
    await this.engine.run(this.sql.gaps, [id, gaps.length ? JSON.stringify(gaps) : null]);
  }

  async rename(id: string, name: string): Promise<boolean> {
    return (await this.engine.run(this.sql.rename, [id, name])) > 0;
  }

  async setShareId(id: string, shareId: string | null): Promise<boolean> {
    return (await this.engine.change('state', this.sql.share, [id, shareId])).length > 0;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.engine.change('state', this.sql.delete, [id])).length > 0;
  }

  async getRetentionDays(): Promise<number> {
    const [row] = await this.engine.rows<{ value: string }>(this.sql.setting, ['retention_days']);
    return readRetentionDays(row?.value);
  }

  async setRetentionDays(days: number): Promise<void> {
    await this.engine.run(this.sql.setSetting, ['retention_days', String(days)]);
  }

  async prune(now = Date.now()): Promise<string[]> {
    const cutoff = expiryCutoff(await this.getRetentionDays(), now);
    if (cutoff === undefined) return [];
    return this.engine.change('state', this.sql.expire, [cutoff]);
  }

  /**
   * Ends each of `recordings` (left open by a bridge no longer running) at the time of its last
   * frame or event, or at its start when it holds none; answers how many.
   */
  protected async endAtLastWrite(recordings: readonly { id: string; started_at: number }[]): Promise<number> {
    for (const { id, started_at } of recordings) {
      const [row] = await this.engine.rows<{ t: number | null }>(this.sql.lastTime, [id]);
      await this.end(id, row?.t ?? started_at);
    }
    return recordings.length;
  }
}
