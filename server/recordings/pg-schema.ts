import type { PoolClient } from 'pg';

/** The table that says which migrations ran: one row per version, never edited. */
const MIGRATIONS_TABLE = 'toolscope_schema_migrations';
/** Taken while migrating, so two bridges starting at once do not both run a step. */
const MIGRATION_LOCK = 7_466_011_590_311;

/**
 * The steps that bring a PostgreSQL database to each schema version, in order. A step runs once per
 * database, in the transaction that records it in {@link MIGRATIONS_TABLE}. Never edit a step that
 * shipped: add the next one.
 */
export const PG_MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE recordings (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        target TEXT,
        started_at BIGINT NOT NULL,
        ended_at BIGINT,
        frame_count INTEGER NOT NULL DEFAULT 0,
        event_count INTEGER NOT NULL DEFAULT 0,
        share_id TEXT UNIQUE,
        owner TEXT,
        user_name TEXT
      );
      CREATE INDEX recordings_by_start ON recordings (started_at DESC);
      CREATE INDEX recordings_by_user ON recordings (user_name, started_at DESC);
      CREATE INDEX recordings_unfinished ON recordings (owner) WHERE ended_at IS NULL;
      CREATE TABLE frame_chunks (
        recording_id TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
        first_seq INTEGER NOT NULL,
        last_seq INTEGER NOT NULL,
        last_time BIGINT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (recording_id, first_seq)
      );
      CREATE TABLE events (
        recording_id TEXT NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (recording_id, idx)
      );
      -- The bridges writing now: each refreshes its row; recordings of a bridge whose row went
      -- stale were left open by a crash and are ended by whichever bridge notices.
      CREATE TABLE bridges (owner TEXT PRIMARY KEY, seen_at BIGINT NOT NULL);
    `,
  },
  // The Recordings list says what happened in each: "3 calls: echo, get_weather" (JSON of RecordingCalls).
  { version: 2, sql: 'ALTER TABLE recordings ADD COLUMN calls TEXT' },
  // What a recording lacks when its store was away too long: JSON of RecordingGap[] ("interrupted").
  { version: 3, sql: 'ALTER TABLE recordings ADD COLUMN gaps TEXT' },
];

/** The newest schema version this Toolscope writes. */
export const PG_SCHEMA_VERSION = PG_MIGRATIONS.at(-1)!.version;

/**
 * Runs the steps `client`'s database has not had yet, in one transaction under an advisory lock;
 * refuses a database migrated by a newer Toolscope. Running it again changes nothing.
 */
export async function migratePostgres(client: PoolClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
         version INTEGER PRIMARY KEY,
         applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ version: number | null }>(
      `SELECT MAX(version) AS version FROM ${MIGRATIONS_TABLE}`,
    );
    const current = rows[0]?.version ?? 0;
    if (current > PG_SCHEMA_VERSION)
      throw new Error(
        `the database was migrated by a newer Toolscope (schema ${current}; this one reads ${PG_SCHEMA_VERSION})`,
      );
    for (const step of PG_MIGRATIONS) {
      if (step.version <= current) continue;
      await client.query(step.sql);
      await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (version) VALUES ($1)`, [step.version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
