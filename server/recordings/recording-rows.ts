import type { RecordingSummary } from '#shared/recordings.ts';
import { serverTargetShape, type ServerTarget } from '#shared/targets.ts';
import { parseJsonText, parseUntrusted } from '#shared/untrusted-json.ts';

/** Schema version kept in SQLite's `user_version`; bump with a migration step in the store. */
export const SCHEMA_VERSION = 1;

/** The tables of a recordings file (version {@link SCHEMA_VERSION}). */
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

/** A row of the recordings table. */
export interface RecordingRow {
  id: string;
  name: string;
  target: string | null;
  started_at: number;
  ended_at: number | null;
  frame_count: number;
  share_id: string | null;
}

/** A recordings row as the API shows it. */
export function toSummary(row: RecordingRow): RecordingSummary {
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
