import { createRequire } from 'node:module';

/** The SQLite drivers the recordings store can run on; neither needs an install script. */
export type SqliteDriverName = 'node:sqlite' | 'libsql';

/** A value SQLite stores or answers. */
export type SqlValue = string | number | bigint | null | Uint8Array;
/** A row as a driver answers it (node:sqlite's rows have a null prototype). */
export type SqlRow = Record<string, SqlValue>;

/** A prepared statement: the three calls the store makes. */
export interface SqlStatement {
  /** `changes` is a bigint on some drivers and settings: compare with `Number(changes)`. */
  run(...params: SqlValue[]): { changes: number | bigint };
  get(...params: SqlValue[]): SqlRow | undefined;
  all(...params: SqlValue[]): SqlRow[];
}

/** An open SQLite database, the same on every driver. */
export interface SqlDatabase {
  readonly driver: SqliteDriverName;
  /** Runs statements that answer nothing the caller needs (schema, `PRAGMA x = y`). */
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  /** The first column of `PRAGMA <name>` (read it through here: libsql's own pragma() shape differs). */
  pragma(name: string): SqlValue | undefined;
  /** Wraps `fn` in BEGIN/COMMIT, with ROLLBACK when it throws. */
  transaction<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void;
  /**
   * Writes a consistent copy of the database, what its WAL holds included, to `file` (which must
   * not exist), while others go on writing: SQLite's online backup API where the driver has it
   * (node:sqlite from Node 22.16), else `VACUUM INTO`. Both read one snapshot.
   */
  backup(file: string): Promise<void>;
  readonly isOpen: boolean;
  close(): void;
}

/** What both drivers' database objects have in common, as far as this module uses them. */
interface NativeDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): SqlStatement;
  close(): void;
}
type NativeConstructor = new (file: string) => NativeDatabase;

const require = createRequire(import.meta.url);
let nodeSqlite: NativeConstructor | null | undefined;
/** node:sqlite's backup(), where this Node has it. */
let nodeSqliteBackup: NodeSqliteBackup | undefined;
type NodeSqliteBackup = (db: NativeDatabase, file: string, options: { rate: number }) => Promise<number>;
/** Pages per backup step: all of them in one step, so the copy is one snapshot and never restarts. */
const ALL_PAGES = 2 ** 31 - 1;

/**
 * node:sqlite's DatabaseSync, or null on a Node without it (before 22.13). Node 22 prints an
 * ExperimentalWarning when the module first loads; a user of Toolscope can do nothing about it, so
 * that one warning is dropped while it loads. Every other warning is still printed.
 */
function loadNodeSqlite(): NativeConstructor | null {
  if (nodeSqlite !== undefined) return nodeSqlite;
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const options = rest[0];
    const type = typeof options === 'string' ? options : (options as { type?: string } | undefined)?.type;
    const text = typeof warning === 'string' ? warning : warning.message;
    if (type === 'ExperimentalWarning' && text.startsWith('SQLite is an experimental feature')) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    // Loaded at run time, not imported: on Node 20 a static import would fail to link the module.
    const module = require('node:sqlite') as { DatabaseSync: NativeConstructor; backup?: NodeSqliteBackup };
    nodeSqlite = module.DatabaseSync;
    nodeSqliteBackup = module.backup;
  } catch {
    nodeSqlite = null;
  } finally {
    process.emitWarning = emitWarning;
  }
  return nodeSqlite;
}

/** The drivers this Node can run, preferred first. */
export function availableSqliteDrivers(): SqliteDriverName[] {
  return loadNodeSqlite() ? ['node:sqlite', 'libsql'] : ['libsql'];
}

/**
 * Opens (creating when needed) the SQLite file `file` with `driver`, else the one named by
 * `$TOOLSCOPE_SQLITE_DRIVER`, else node:sqlite where Node has it and libsql (a dependency whose
 * binary comes in a per-platform package) where not.
 */
export function openSqlite(file: string, driver?: SqliteDriverName): SqlDatabase {
  const chosen = driver ?? driverFromEnvironment() ?? availableSqliteDrivers()[0]!;
  if (chosen === 'node:sqlite') {
    const DatabaseSync = loadNodeSqlite();
    if (!DatabaseSync) throw new Error(`node:sqlite needs Node 22.13 or newer (this is ${process.version})`);
    return wrap(new DatabaseSync(file), chosen);
  }
  const Libsql = require('libsql') as NativeConstructor;
  return wrap(new Libsql(file), chosen);
}

function driverFromEnvironment(): SqliteDriverName | undefined {
  const name = process.env.TOOLSCOPE_SQLITE_DRIVER;
  if (!name) return undefined;
  if (name === 'node:sqlite' || name === 'libsql') return name;
  throw new Error(`TOOLSCOPE_SQLITE_DRIVER must be node:sqlite or libsql, not ${JSON.stringify(name)}`);
}

function wrap(db: NativeDatabase, driver: SqliteDriverName): SqlDatabase {
  // node:sqlite has no transaction() helper and not every 22.x has isOpen: both are kept here.
  let open = true;
  const assertOpen = (): void => {
    if (!open) throw new Error('The database connection is not open');
  };
  // libsql's statements keep working after close(): they are fenced here, as node:sqlite's are.
  const prepare = (sql: string): SqlStatement => {
    const statement = db.prepare(sql);
    return {
      run: (...params) => (assertOpen(), statement.run(...params)),
      get: (...params) => (assertOpen(), statement.get(...params)),
      all: (...params) => (assertOpen(), statement.all(...params)),
    };
  };
  const begin = prepare('BEGIN');
  const commit = prepare('COMMIT');
  const rollback = prepare('ROLLBACK');
  return {
    driver,
    exec: (sql) => (assertOpen(), void db.exec(sql)),
    prepare,
    pragma: (name) => {
      const row = prepare(`PRAGMA ${name}`).get();
      return row ? Object.values(row)[0] : undefined;
    },
    transaction:
      (fn) =>
      (...args) => {
        begin.run();
        try {
          fn(...args);
          commit.run();
        } catch (error) {
          try {
            rollback.run();
          } catch {
            // No transaction left to roll back (SQLite ended it itself).
          }
          throw error;
        }
      },
    backup: async (file) => {
      assertOpen();
      if (driver === 'node:sqlite' && nodeSqliteBackup) await nodeSqliteBackup(db, file, { rate: ALL_PAGES });
      else db.prepare('VACUUM INTO ?').run(file);
    },
    get isOpen() {
      return open;
    },
    close: () => {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
