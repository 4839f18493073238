import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { RecordedEvent, RecordingCalls, RecordingGap, RecordingSummary } from '#shared/recordings.ts';
import { PgNotifications, RECORDINGS_CHANNEL } from './pg-notifications.ts';
import { migratePostgres } from './pg-schema.ts';
import {
  NEW_RECORDING_COLUMNS,
  newRecordingValues,
  expiryCutoff,
  readRetentionDays,
  type FrameTexts,
  type NewRecording,
  type RecordingChangeListener,
  type RecordingStore,
  type RecordingSize,
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
import type { LevelledLog } from './store-health.ts';

/** Each bridge refreshes its row in `bridges` this often... */
const HEARTBEAT_MS = 15_000;
/** ...and one not heard of for this long is taken for gone (its open recordings are ended). */
const STALE_AFTER_MS = 4 * HEARTBEAT_MS;
/** How long a connect to PostgreSQL may take before it fails. */
const CONNECT_TIMEOUT_MS = 10_000;
/** The database's clock in ms: every bridge compares heartbeats on one clock, not on its own. */
const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/** BIGINT columns (times in ms) come back as numbers: they stay far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Appends a batch in one statement (one round trip, atomic) and tells the other bridges. */
const APPEND_SQL = `
  WITH chunk AS (
    INSERT INTO frame_chunks (recording_id, first_seq, last_seq, last_time, body)
    SELECT $1::text, $2::int, $3::int, $4::bigint, $5::text WHERE $5::text IS NOT NULL
  ), added_events AS (
    INSERT INTO events (recording_id, idx, body)
    SELECT $1::text, $6::int + (e.ord - 1)::int, e.body FROM unnest($7::text[]) WITH ORDINALITY AS e(body, ord)
  ), counted AS (
    UPDATE recordings SET frame_count = frame_count + $8::int, event_count = event_count + $9::int
    WHERE id = $1::text
  )
  SELECT pg_notify('${RECORDINGS_CHANNEL}', 'c:' || $1::text)`;

/** The time of a recording's last frame or event, for ending an abandoned one. */
const LAST_TIME_SQL = `
  SELECT GREATEST(
    (SELECT MAX(last_time) FROM frame_chunks WHERE recording_id = $1),
    (SELECT MAX((body::jsonb ->> 'time')::bigint) FROM events WHERE recording_id = $1)) AS t`;

/**
 * The recordings in a PostgreSQL database that several bridges share: each bridge writes its own
 * connections' recordings, and any bridge can list, replay and share all of them, and follow one
 * live ({@link watch}: every write NOTIFYs the recording's id).
 */
export class PgRecordingStore implements RecordingStore {
  readonly kind = 'postgres';
  readonly shared = true;
  readonly location: string;
  /** Who writes through this store: host, pid and a random part (bridges on many machines). */
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  private readonly heartbeat: NodeJS.Timeout;

  /** Connects, migrates and registers this bridge; rejects with the reason when the database cannot be used. */
  static async open(databaseUrl: string, log: LevelledLog = () => {}): Promise<PgRecordingStore> {
    // A database that does not answer (a dropped route, not a refusal) fails a connect in bounded
    // time: the start says why, and readiness checks do not hang.
    const config = {
      connectionString: databaseUrl,
      types,
      application_name: 'toolscope',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    };
    const pool = new pg.Pool({ ...config, max: 10, idleTimeoutMillis: 30_000 });
    // An idle connection that breaks (the server restarted) must not crash the bridge.
    pool.on('error', (error) => log(`PostgreSQL connection lost: ${error.message}`, 'warn'));
    const notifications = new PgNotifications(config, log);
    try {
      const client = await pool.connect();
      try {
        await migratePostgres(client);
      } finally {
        client.release();
      }
      await notifications.start();
      const store = new PgRecordingStore(pool, notifications, databaseUrl, log);
      await store.beat();
      return store;
    } catch (error) {
      await notifications.close();
      await pool.end().catch(() => {});
      throw error;
    }
  }

  private constructor(
    private readonly pool: pg.Pool,
    private readonly notifications: PgNotifications,
    databaseUrl: string,
    private readonly log: LevelledLog,
  ) {
    this.location = withoutPassword(databaseUrl);
    this.heartbeat = setInterval(() => {
      this.beat().catch((error: Error) => log(`PostgreSQL heartbeat failed: ${error.message}`, 'warn'));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async create(recording: NewRecording): Promise<void> {
    await this.pool.query(
      `INSERT INTO recordings (${NEW_RECORDING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`,
      newRecordingValues(recording, this.owner),
    );
  }

  async appendTexts(
    id: string,
    frames: FrameTexts | undefined,
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    scrub: Scrub = (json) => json,
  ): Promise<void> {
    // Scrubbed before anything is sent: a scrubber that throws leaves nothing half written.
    const body = frames ? scrub(`[${frames.texts.join(',')}]`) : null;
    const eventBodies = events.map((entry) => scrub(JSON.stringify(entry)));
    await this.pool.query(APPEND_SQL, [
      id,
      frames?.firstSeq ?? 0,
      frames?.lastSeq ?? 0,
      frames?.lastTime ?? 0,
      body,
      firstEventIndex,
      eventBodies,
      frames?.texts.length ?? 0,
      events.length,
    ]);
  }

  async end(id: string, endedAt: number): Promise<void> {
    await this.changed(
      'content',
      'UPDATE recordings SET ended_at = $2, owner = NULL WHERE id = $1 AND ended_at IS NULL',
      [id, endedAt],
    );
  }

  async get(id: string): Promise<RecordingSummary | undefined> {
    const { rows } = await this.pool.query<RecordingRow>('SELECT * FROM recordings WHERE id = $1', [id]);
    return rows[0] && toSummary(rows[0]);
  }

  async userNameOf(id: string): Promise<string | null | undefined> {
    const { rows } = await this.pool.query<{ user_name: string | null }>(
      'SELECT user_name FROM recordings WHERE id = $1',
      [id],
    );
    return rows[0] ? rows[0].user_name : undefined;
  }

  async findByShareId(shareId: string): Promise<RecordingSummary | undefined> {
    const { rows } = await this.pool.query<RecordingRow>('SELECT * FROM recordings WHERE share_id = $1', [
      shareId,
    ]);
    return rows[0] && toSummary(rows[0]);
  }

  async list(filter: { userName?: string } = {}): Promise<RecordingSummary[]> {
    const { rows } =
      filter.userName === undefined
        ? await this.pool.query<RecordingRow>('SELECT * FROM recordings ORDER BY started_at DESC, id')
        : await this.pool.query<RecordingRow>(
            'SELECT * FROM recordings WHERE user_name = $1 ORDER BY started_at DESC, id',
            [filter.userName],
          );
    return rows.map(toSummary);
  }

  async usage(userName: string): Promise<RecordingUsage[]> {
    const { rows } = await this.pool.query<UsageRow>(
      `SELECT r.id, r.started_at, r.ended_at, (SELECT COALESCE(SUM(octet_length(c.body)), 0)
         FROM frame_chunks c WHERE c.recording_id = r.id) AS bytes
       FROM recordings r WHERE r.user_name = $1 ORDER BY r.started_at, r.id`,
      [userName],
    );
    return rows.map(toUsage);
  }

  async sizes(): Promise<RecordingSize[]> {
    const { rows } = await this.pool.query<UsageRow>(
      `SELECT r.id, r.started_at, r.ended_at, r.user_name, (SELECT COALESCE(SUM(octet_length(c.body)), 0)
         FROM frame_chunks c WHERE c.recording_id = r.id) AS bytes
       FROM recordings r ORDER BY r.started_at, r.id`,
    );
    return rows.map(toSize);
  }

  async frames(id: string, fromSeq = 0): Promise<Frame[]> {
    const { rows } = await this.pool.query<{ body: string }>(
      'SELECT body FROM frame_chunks WHERE recording_id = $1 AND last_seq >= $2 ORDER BY first_seq',
      [id, fromSeq],
    );
    return framesOfChunks(
      rows.map((row) => row.body),
      fromSeq,
    );
  }

  async events(id: string, fromIndex = 0): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<{ body: string }>(
      'SELECT body FROM events WHERE recording_id = $1 AND idx >= $2 ORDER BY idx',
      [id, fromIndex],
    );
    return eventsOfRows(rows.map((row) => row.body));
  }

  async setCalls(id: string, calls: RecordingCalls): Promise<void> {
    await this.pool.query('UPDATE recordings SET calls = $2 WHERE id = $1', [id, JSON.stringify(calls)]);
  }

  async setGaps(id: string, gaps: readonly RecordingGap[]): Promise<void> {
    await this.pool.query('UPDATE recordings SET gaps = $2 WHERE id = $1', [
      id,
      gaps.length ? JSON.stringify(gaps) : null,
    ]);
  }

  async rename(id: string, name: string): Promise<boolean> {
    return (await this.pool.query('UPDATE recordings SET name = $2 WHERE id = $1', [id, name])).rowCount! > 0;
  }

  async setShareId(id: string, shareId: string | null): Promise<boolean> {
    return this.changed('state', 'UPDATE recordings SET share_id = $2 WHERE id = $1', [id, shareId]);
  }

  async delete(id: string): Promise<boolean> {
    return this.changed('state', 'DELETE FROM recordings WHERE id = $1', [id]);
  }

  async endAbandoned(): Promise<number> {
    const { rows } = await this.pool.query<{ id: string; started_at: number }>(
      `SELECT id, started_at FROM recordings r WHERE ended_at IS NULL AND (owner IS NULL OR NOT EXISTS (
         SELECT 1 FROM bridges b WHERE b.owner = r.owner AND b.seen_at > ${NOW_MS} - $1))`,
      [STALE_AFTER_MS],
    );
    for (const row of rows) {
      const last = (await this.pool.query<{ t: number | null }>(LAST_TIME_SQL, [row.id])).rows[0]?.t;
      await this.end(row.id, last ?? row.started_at);
    }
    await this.pool.query(`DELETE FROM bridges WHERE seen_at < ${NOW_MS} - $1`, [STALE_AFTER_MS]);
    return rows.length;
  }

  async getRetentionDays(): Promise<number> {
    const { rows } = await this.pool.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [
      'retention_days',
    ]);
    return readRetentionDays(rows[0]?.value);
  }

  async setRetentionDays(days: number): Promise<void> {
    await this.pool.query(
      'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ['retention_days', String(days)],
    );
  }

  async prune(now = Date.now()): Promise<string[]> {
    const cutoff = expiryCutoff(await this.getRetentionDays(), now);
    if (cutoff === undefined) return [];
    const { rows } = await this.pool.query<{ id: string }>(
      `WITH gone AS (DELETE FROM recordings WHERE ended_at IS NOT NULL AND ended_at < $1 RETURNING id)
       SELECT id, pg_notify('${RECORDINGS_CHANNEL}', 's:' || id) FROM gone`,
      [cutoff],
    );
    return rows.map((row) => row.id);
  }

  async check(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  watch(listener: RecordingChangeListener): () => void {
    return this.notifications.subscribe(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.notifications.close();
    await this.pool
      .query('DELETE FROM bridges WHERE owner = $1', [this.owner])
      .catch((error: Error) => this.log(`Could not sign this bridge off: ${error.message}`));
    await this.pool.end();
  }

  /** Runs an UPDATE or DELETE of one recording and tells the other bridges when it changed a row. */
  private async changed(change: 'content' | 'state', sql: string, params: unknown[]): Promise<boolean> {
    const prefix = change === 'content' ? 'c:' : 's:';
    const { rows } = await this.pool.query<{ id: string }>(
      `WITH changed AS (${sql} RETURNING id) SELECT pg_notify('${RECORDINGS_CHANNEL}', '${prefix}' || id) FROM changed`,
      params,
    );
    return rows.length > 0;
  }

  /** Says this bridge is still running. */
  private async beat(): Promise<void> {
    await this.pool.query(
      `INSERT INTO bridges (owner, seen_at) VALUES ($1, ${NOW_MS})
       ON CONFLICT (owner) DO UPDATE SET seen_at = excluded.seen_at`,
      [this.owner],
    );
  }
}

/** The database URL as the page may show it: the password blanked. */
export function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres (unreadable URL)';
  }
}
