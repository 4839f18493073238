import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { migrateSqlite } from './sqlite-schema.ts';
import { openSqlite, type SqlDatabase, type SqliteDriverName, type SqlStatement } from './sqlite-driver.ts';
import {
  recordingStatements,
  SqlRecordingStore,
  type ScrubbedBatch,
  type SqlDialect,
  type SqlEngine,
  type SqlParam,
} from './sql-recording-store.ts';

const SQLITE_DIALECT: SqlDialect = {
  byteLength: (column) => `length(CAST(${column} AS BLOB))`,
  jsonNumber: (column, key) => `json_extract(${column}, '$.${key}')`,
  // Insertion order: the row that came later is the newer.
  sameStart: { newestFirst: 'rowid DESC', oldestFirst: 'rowid' },
};

/**
 * The recordings in one SQLite file (node:sqlite or libsql, see sqlite-driver.ts). Each statement
 * is done when its call returns; the promises only give it the shape of {@link RecordingStore}.
 */
export class SqliteRecordingStore extends SqlRecordingStore {
  readonly kind = 'sqlite';
  readonly shared = false;
  /** Who writes through this store: `<pid>:<random>`, so two stores in one process are told apart. */
  protected readonly owner = `${process.pid}:${randomUUID()}`;
  private readonly unfinished: SqlStatement;

  /** Opens (creating when needed) the store at `file`; the folder is made private to the user. */
  static open(file: string, driver?: SqliteDriverName): SqliteRecordingStore {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const db = openSqlite(file, driver);
    if (file !== ':memory:') chmodSync(file, 0o600);
    try {
      migrateSqlite(db, file);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SqliteRecordingStore(db, file);
  }

  private constructor(
    private readonly db: SqlDatabase,
    readonly location: string,
  ) {
    super(sqliteEngine(db));
    OPEN_OWNERS.add(this.owner);
    this.unfinished = db.prepare('SELECT id, owner, started_at FROM recordings WHERE ended_at IS NULL');
  }

  /** `isRunning` tells whether a process id still runs (tests stand in for the system's answer). */
  async endAbandoned(isRunning: (pid: number) => boolean = processIsRunning): Promise<number> {
    const rows = this.unfinished.all() as { id: string; owner: string | null; started_at: number }[];
    return this.endAtLastWrite(
      rows.filter((row) => row.owner === null || !ownerIsOpen(row.owner, isRunning)),
    );
  }

  async check(): Promise<void> {
    await this.getRetentionDays();
  }

  watch(): () => void {
    // One process writes through this store: its own writers tell viewers of everything.
    return () => {};
  }

  async close(): Promise<void> {
    OPEN_OWNERS.delete(this.owner);
    this.db.close();
  }
}

/**
 * The store's statements on `db`, all prepared while it opens. The drivers bind by position: `$n`
 * becomes `?`, and its value goes in each place it is named.
 */
function sqliteEngine(db: SqlDatabase): SqlEngine {
  const prepared = new Map<string, { statement: SqlStatement; order: number[] }>();
  for (const sql of Object.values(recordingStatements(SQLITE_DIALECT))) {
    const order: number[] = [];
    const text = sql.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
    prepared.set(sql, { statement: db.prepare(text), order });
  }
  const bound = (sql: string, params: readonly SqlParam[]) => {
    const found = prepared.get(sql);
    if (!found) throw new Error(`not a statement of the recordings store: ${sql}`);
    return { statement: found.statement, values: found.order.map((i) => params[i] ?? null) };
  };
  const insertChunk = db.prepare(
    'INSERT INTO frame_chunks (recording_id, first_seq, last_seq, last_time, body) VALUES (?, ?, ?, ?, ?)',
  );
  const insertEvent = db.prepare('INSERT INTO events (recording_id, idx, body) VALUES (?, ?, ?)');
  const count = db.prepare(
    'UPDATE recordings SET frame_count = frame_count + ?, event_count = event_count + ? WHERE id = ?',
  );
  const append = db.transaction(({ id, chunk, events, firstEventIndex }: ScrubbedBatch) => {
    if (chunk) insertChunk.run(id, chunk.firstSeq, chunk.lastSeq, chunk.lastTime, chunk.body);
    events.forEach((body, i) => insertEvent.run(id, firstEventIndex + i, body));
    count.run(chunk?.count ?? 0, events.length, id);
  });
  return {
    dialect: SQLITE_DIALECT,
    rows: async <R>(sql: string, params: readonly SqlParam[] = []) => {
      const { statement, values } = bound(sql, params);
      return statement.all(...values) as R[];
    },
    run: async (sql, params = []) => {
      const { statement, values } = bound(sql, params);
      return Number(statement.run(...values).changes);
    },
    // A store not shared tells nobody: the writers of this process tell its viewers (see watch).
    change: async (_change, sql, params) => {
      const { statement, values } = bound(sql, params);
      return (statement.all(...values) as { id: string }[]).map((row) => row.id);
    },
    append: async (batch) => append(batch),
  };
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
