import * as z from 'zod';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { RecordedEvent, RecordingCalls, RecordingGap, RecordingSummary } from '#shared/recordings.ts';
import { serverTargetShape, type ServerTarget } from '#shared/targets.ts';
import { parseJsonText, parseUntrusted } from '#shared/untrusted-json.ts';
import type { RecordingSize, RecordingUsage } from './recording-store.ts';

/*
 * What both stores read back the same way, whatever their SQL dialect: the rows of the recordings
 * table, the usage rows, and the frame chunks and events stored as JSON text.
 */

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

/** The frames of stored chunks (each a JSON array), from `fromSeq` on: the first chunk may start before it. */
export function framesOfChunks(bodies: readonly string[], fromSeq: number): Frame[] {
  const frames = bodies.flatMap((body) => JSON.parse(body) as Frame[]);
  return frames[0] && frames[0].seq < fromSeq ? frames.filter((frame) => frame.seq >= fromSeq) : frames;
}

/** The events of stored rows, one JSON object each. */
export function eventsOfRows(bodies: readonly string[]): RecordedEvent[] {
  return bodies.map((body) => JSON.parse(body) as RecordedEvent);
}
