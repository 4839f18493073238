import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import pg from 'pg';
import { PgNotifications, RECORDINGS_CHANNEL } from './pg-notifications.ts';
import { migratePostgres } from './pg-schema.ts';
import type { RecordingChangeListener } from './recording-store.ts';
import { SqlRecordingStore, type SqlDialect, type SqlEngine } from './sql-recording-store.ts';
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

const PG_DIALECT: SqlDialect = {
  byteLength: (column) => `octet_length(${column})`,
  jsonNumber: (column, key) => `(${column}::jsonb ->> '${key}')::bigint`,
  // No insertion order to read back: the id settles it.
  sameStart: { newestFirst: 'id', oldestFirst: 'id' },
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

/**
 * The recordings in a PostgreSQL database that several bridges share: each bridge writes its own
 * connections' recordings, and any bridge can list, replay and share all of them, and follow one
 * live ({@link watch}: every write NOTIFYs the recording's id).
 */
export class PgRecordingStore extends SqlRecordingStore {
  readonly kind = 'postgres';
  readonly shared = true;
  readonly location: string;
  /** Who writes through this store: host, pid and a random part (bridges on many machines). */
  protected readonly owner = `${hostname()}:${process.pid}:${randomUUID()}`;
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
    super(pgEngine(pool));
    this.location = withoutPassword(databaseUrl);
    this.heartbeat = setInterval(() => {
      this.beat().catch((error: Error) => log(`PostgreSQL heartbeat failed: ${error.message}`, 'warn'));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async endAbandoned(): Promise<number> {
    const { rows } = await this.pool.query<{ id: string; started_at: number }>(
      `SELECT id, started_at FROM recordings r WHERE ended_at IS NULL AND (owner IS NULL OR NOT EXISTS (
         SELECT 1 FROM bridges b WHERE b.owner = r.owner AND b.seen_at > ${NOW_MS} - $1))`,
      [STALE_AFTER_MS],
    );
    const ended = await this.endAtLastWrite(rows);
    await this.pool.query(`DELETE FROM bridges WHERE seen_at < ${NOW_MS} - $1`, [STALE_AFTER_MS]);
    return ended;
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

  /** Says this bridge is still running. */
  private async beat(): Promise<void> {
    await this.pool.query(
      `INSERT INTO bridges (owner, seen_at) VALUES ($1, ${NOW_MS})
       ON CONFLICT (owner) DO UPDATE SET seen_at = excluded.seen_at`,
      [this.owner],
    );
  }
}

/** The store's statements on `pool`; a change of a recording is told to every bridge in the same statement. */
function pgEngine(pool: pg.Pool): SqlEngine {
  return {
    dialect: PG_DIALECT,
    rows: async <R>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query(sql, [...params])).rows as R[],
    run: async (sql, params = []) => (await pool.query(sql, [...params])).rowCount ?? 0,
    change: async (change, sql, params) => {
      const prefix = change === 'content' ? 'c:' : 's:';
      const { rows } = await pool.query<{ id: string }>(
        `WITH changed AS (${sql}) SELECT id, pg_notify('${RECORDINGS_CHANNEL}', '${prefix}' || id) FROM changed`,
        [...params],
      );
      return rows.map((row) => row.id);
    },
    append: async ({ id, chunk, events, firstEventIndex }) => {
      await pool.query(APPEND_SQL, [
        id,
        chunk?.firstSeq ?? 0,
        chunk?.lastSeq ?? 0,
        chunk?.lastTime ?? 0,
        chunk?.body ?? null,
        firstEventIndex,
        events,
        chunk?.count ?? 0,
        events.length,
      ]);
    },
  };
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
