import { existsSync } from 'node:fs';
import path from 'node:path';
import { flagHelp, parseFlags, type Flag } from '../flag-table.ts';
import { dataDirectory, RECORDINGS_FILE } from '../recordings/data-dir.ts';
import { isPostgresUrl, openRecordingStore } from '../recordings/open-recording-store.ts';
import { withoutPassword } from '../recordings/pg-recording-store.ts';
import type { RecordingStore } from '../recordings/recording-store.ts';
import { backupSqlite } from './store-backup.ts';
import { copyRecordings } from './store-copy.ts';

/** The `store` command line, parsed without side effects. */
export interface StoreOptions {
  action?: 'backup' | 'copy';
  file?: string;
  dataDir?: string;
  from?: string;
  to?: string;
  help: boolean;
}

const STORE_FLAGS: Flag<StoreOptions>[] = [
  {
    name: '--data-dir',
    value: '<dir>',
    help: "the data folder whose recordings.sqlite is used (else $TOOLSCOPE_DATA_DIR, else ~/.local/share/toolscope or the platform's equivalent)",
    apply: (o, v) => void (o.dataDir = v),
  },
  {
    name: '--from',
    value: '<store>',
    help: "where to copy from (default: the data folder's recordings.sqlite)",
    apply: (o, v) => void (o.from = v),
  },
  {
    name: '--to',
    value: '<store>',
    help: 'where to copy to: postgres://user:pass@host/db, or a SQLite file',
    apply: (o, v) => void (o.to = v),
  },
  { name: '--help', aliases: ['-h'], help: 'show this help', apply: (o) => void (o.help = true) },
];

export const STORE_USAGE = `Usage:
  toolscope store backup <file> [--data-dir <dir>]
      copy the SQLite recordings file, consistent and whole (WAL included), while
      bridges go on writing it; the copy is checked, one file, mode 600
  toolscope store copy --to <database URL | file> [--from <database URL | file>] [--data-dir <dir>]
      copy every ended recording into another store: SQLite to PostgreSQL or back;
      again later, it copies only what is new

Options:
${flagHelp(STORE_FLAGS)}
Restore steps: docs/hosting.md, "Backups and moving the store".`;

/** Parses the arguments after `store`; throws with a readable message on bad input. */
export function parseStoreArgs(argv: readonly string[]): StoreOptions {
  const options: StoreOptions = { help: false };
  parseFlags(argv, STORE_FLAGS, options, {
    positional: (word) => {
      if (!options.action) {
        if (word !== 'backup' && word !== 'copy')
          throw new Error(`Unknown store command ${word}\n\n${STORE_USAGE}`);
        options.action = word;
      } else if (options.action === 'backup' && !options.file) options.file = word;
      else throw new Error(`Unexpected argument ${word}\n\n${STORE_USAGE}`);
    },
    option: (flag) => {
      throw new Error(`Unknown option ${flag}\n\n${STORE_USAGE}`);
    },
  });
  if (options.help) return options;
  if (!options.action) throw new Error(`Name a store command: backup or copy\n\n${STORE_USAGE}`);
  if (options.action === 'backup') {
    if (!options.file) throw new Error('store backup needs the file to write: toolscope store backup <file>');
    if (options.from || options.to) throw new Error('--from and --to are for store copy');
  }
  if (options.action === 'copy' && !options.to)
    throw new Error('store copy needs --to <database URL | file>');
  return options;
}

/** Runs `toolscope store …`: prints what it did; exits 2 on bad usage or a store it cannot use. */
export async function runStore(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<void> {
  let options: StoreOptions;
  try {
    options = parseStoreArgs(argv);
  } catch (error) {
    return exit((error as Error).message);
  }
  if (options.help) return void console.log(STORE_USAGE);
  const sqliteFile = path.join(dataDirectory(options.dataDir, env), RECORDINGS_FILE);
  try {
    if (options.action === 'backup') {
      const done = await backupSqlite(sqliteFile, path.resolve(options.file!));
      console.log(
        `Backed up ${plural(done.recordings, 'recording')} (${plural(done.frames, 'frame')}, ${megabytes(done.bytes)}) ` +
          `from ${sqliteFile} to ${done.file}, as they were at ${new Date(done.takenAt).toISOString()}`,
      );
      return;
    }
    await copy(options.from ?? sqliteFile, options.to!);
  } catch (error) {
    exit((error as Error).message);
  }
}

async function copy(fromName: string, toName: string): Promise<void> {
  if (sameStore(fromName, toName)) throw new Error('--from and --to name the same store');
  if (!isPostgresUrl(fromName) && !existsSync(fromName))
    throw new Error(`there is no recordings file at ${fromName}`);
  const from = await open(fromName, 'from');
  try {
    const to = await open(toName, 'to');
    try {
      const counts = await copyRecordings(from, to);
      const left = counts.stillOpen
        ? `; ${plural(counts.stillOpen, 'recording')} still being written ${counts.stillOpen === 1 ? 'was' : 'were'} left (copy again once ${counts.stillOpen === 1 ? 'it ends' : 'they end'})`
        : '';
      console.log(
        `Copied ${plural(counts.copied, 'recording')} (${plural(counts.frames, 'frame')}, ${plural(counts.events, 'event')}) ` +
          `from ${from.location} to ${to.location}; ${counts.alreadyThere} already there${left}`,
      );
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}

/** Opens a store by URL or file; the error names it (without a password). */
async function open(name: string, role: 'from' | 'to'): Promise<RecordingStore> {
  try {
    return isPostgresUrl(name)
      ? await openRecordingStore({ databaseUrl: name })
      : await openRecordingStore({ file: path.resolve(name) });
  } catch (error) {
    const shown = isPostgresUrl(name) ? withoutPassword(name) : path.resolve(name);
    throw new Error(`cannot open --${role} ${shown}: ${(error as Error).message}`, { cause: error });
  }
}

function sameStore(a: string, b: string): boolean {
  return isPostgresUrl(a) || isPostgresUrl(b) ? a === b : path.resolve(a) === path.resolve(b);
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function exit(message: string): never {
  console.error(`toolscope store: ${message}`);
  process.exit(2);
}
