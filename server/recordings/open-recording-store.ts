import path from 'node:path';
import { RECORDINGS_FILE } from './data-dir.ts';
import { PgRecordingStore } from './pg-recording-store.ts';
import type { RecordingStore } from './recording-store.ts';
import { SqliteRecordingStore } from './sqlite-recording-store.ts';
import type { LevelledLog } from './store-health.ts';

/** Where to keep recordings: a PostgreSQL database when `databaseUrl` is given, else SQLite. */
export interface RecordingStoreOptions {
  /** `postgres://…` or `postgresql://…`: several bridges share it. */
  databaseUrl?: string;
  /** The data folder; the SQLite file is `recordings.sqlite` inside it. */
  dataDir?: string;
  /** The SQLite file itself (instead of `dataDir`; `:memory:` for tests). */
  file?: string;
  log?: LevelledLog;
}

/**
 * Opens the recordings store the options name, migrated to this version's schema. The single-user
 * CLI (`--database-url`, `$TOOLSCOPE_DATABASE_URL`) and hosted mode (`store.databaseUrl`) both open
 * it here.
 */
export async function openRecordingStore(options: RecordingStoreOptions): Promise<RecordingStore> {
  if (options.databaseUrl) {
    if (!isPostgresUrl(options.databaseUrl))
      throw new Error('the database URL must start with postgres:// or postgresql://');
    return PgRecordingStore.open(options.databaseUrl, options.log);
  }
  const file = options.file ?? (options.dataDir ? path.join(options.dataDir, RECORDINGS_FILE) : undefined);
  if (!file) throw new Error('give a database URL, a data folder or a file for the recordings');
  return SqliteRecordingStore.open(file);
}

/** True for the URL schemes node-postgres reads. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value);
}
