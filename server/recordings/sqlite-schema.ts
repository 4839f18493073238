import * as z from 'zod';
import type { RecordingCalls, RecordingGap, RecordingSummary } from '#shared/recordings.ts';
import type { RecordingSize, RecordingUsage } from './recording-store.ts';
import { serverTargetShape, type ServerTarget } from '#shared/targets.ts';
import { parseJsonText, parseUntrusted } from '#shared/untrusted-json.ts';

/**
 * The steps that bring a recordings file to each schema version, in order; the version reached is
 * kept in SQLite's `user_version` (files written before this list existed are at 1). Each step runs
 * once, in a transaction with the version bump, so a step never runs twice on one file.
 */
export const SQLITE_MIGRATIONS: readonly { version: number; sql: string }[] = [
  { version: 1, sql: '' /* the tables below, created with IF NOT EXISTS: files at 0 or 1 */ },
  {
    version: 2,
    sql: `ALTER TABLE recordings ADD COLUMN user_name TEXT;
          CREATE INDEX IF NOT EXISTS recordings_by_user ON recordings (user_name, started_at)`,
  },
  // The Recordings list says what happened in each: "3 calls: echo, get_weather" (JSON of RecordingCalls).
  { version: 3, sql: 'ALTER TABLE recordings ADD COLUMN calls TEXT' },
  // What a recording lacks when its store was away too long: JSON of RecordingGap[] ("interrupted").
  { version: 4, sql: 'ALTER TABLE recordings ADD COLUMN gaps TEXT' },
];

/** The newest schema version this Toolscope writes. */
export const SCHEMA_VERSION = SQLITE_MIGRATIONS.at(-1)!.version;

/** The tables of a version-1 recordings file (later columns come from {@link SQLITE_MIGRATIONS}). */
export const SCHEMA = `
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

/** A row of the recordings table (both stores answer the same columns). */
export interface RecordingRow {
  id: string;
  name: string;
  target: string | null;
  /** PostgreSQL's BIGINT columns come as strings: read them with Number(). */
  started_at: number | string;
  ended_at: number | string | null;
  frame_count: number;
  share_id: string | null;
  /** JSON of RecordingCalls; null in rows written before calls were counted. */
  calls?: string | null;
  /** JSON of RecordingGap[]; null when nothing is missing. */
  gaps?: string | null;
}

/** A recordings row as the API shows it. */
export function toSummary(row: RecordingRow): RecordingSummary {
  return {
    id: row.id,
    name: row.name,
    target: storedTarget(row.target),
    startedAt: Number(row.started_at),
    ...(row.ended_at !== null ? { endedAt: Number(row.ended_at) } : {}),
    frameCount: row.frame_count,
    ...(row.share_id ? { shareId: row.share_id } : {}),
    live: false,
    ...storedCalls(row.calls),
    ...storedGaps(row.gaps),
  };
}

const storedGapsShape = z.array(
  z.object({
    fromSeq: z.number().int().optional(),
    toSeq: z.number().int().optional(),
    frames: z.number().int().min(0),
    events: z.number().int().min(0),
    bytes: z.number().min(0),
    from: z.number(),
    to: z.number(),
  }),
);

/** The stored gaps, or nothing when there are none; gaps that cannot be read still mark the recording. */
function storedGaps(json: string | null | undefined): { gaps?: RecordingGap[] } {
  if (!json) return {};
  const parsed = parseJsonText(json);
  const read = parsed.ok ? parseUntrusted(storedGapsShape, parsed.value) : parsed;
  return { gaps: read.ok ? read.value : [] };
}

const storedCallsShape = z.object({ count: z.number().int().min(0), tools: z.array(z.string()) });

/** The stored call summary, or nothing when there is none or it cannot be read (the recording is listed all the same). */
function storedCalls(json: string | null | undefined): { calls?: RecordingCalls } {
  if (!json) return {};
  const parsed = parseJsonText(json);
  const read = parsed.ok ? parseUntrusted(storedCallsShape, parsed.value) : parsed;
  return read.ok ? { calls: read.value } : {};
}

/** The stored target, or null when there is none or it cannot be read (the recording is listed all the same). */
function storedTarget(json: string | null): ServerTarget | null {
  if (!json) return null;
  const parsed = parseJsonText(json);
  const read = parsed.ok ? parseUntrusted(serverTargetShape, parsed.value) : parsed;
  return read.ok ? read.value : null;
}

/** A row of a store's usage query (PostgreSQL's BIGINT and SUM come as strings). */
export interface UsageRow {
  id: string;
  started_at: number | string;
  ended_at: number | string | null;
  bytes: number | string;
  /** Selected only for {@link RecordingStore.sizes}. */
  user_name?: string | null;
}

/** A usage row as {@link RecordingStore.usage} answers it. */
export function toUsage(row: UsageRow): RecordingUsage {
  return {
    id: row.id,
    startedAt: Number(row.started_at),
    ...(row.ended_at !== null ? { endedAt: Number(row.ended_at) } : {}),
    bytes: Number(row.bytes),
  };
}

/** A size row as {@link RecordingStore.sizes} answers it. */
export function toSize(row: UsageRow): RecordingSize {
  return { ...toUsage(row), userName: row.user_name ?? null };
}
