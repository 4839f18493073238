/**
 * Recordings: the copy the bridge stores of each connection, and the share links that replay
 * or watch one. One definition for the bridge's routes and the page.
 */
import * as z from 'zod';
import { frameSchema, type Frame, type TimedBridgeEvent } from './bridge-protocol.ts';
import { serverTargetShape, type ServerTarget } from './targets.ts';

/** Page path of a share link: `/share/<shareId>`; no token needed, the id is the secret. */
export const SHARE_PAGE_PREFIX = '/share/';
/** API path of a shared recording: `GET /api/shared/<shareId>` gives its {@link RecordingSnapshot}. */
export const SHARED_API_PREFIX = '/api/shared/';
/** Suffix of the live WebSocket of a shared recording: `/api/shared/<shareId>/live`. */
export const LIVE_SUFFIX = '/live';
/** Query parameters of the live WebSocket: how many frames and events the viewer already has. */
export const LIVE_FRAMES_PARAM = 'frames';
export const LIVE_EVENTS_PARAM = 'events';

/**
 * @deprecated The bridge's old name for {@link TimedBridgeEvent}, kept only so that server/recordings
 * (changed on another branch) needs no edit now; it goes once the bridge uses TimedBridgeEvent.
 */
export type RecordedEvent = TimedBridgeEvent;

/** One recorded connection, as listed. */
export interface RecordingSummary {
  id: string;
  /** Editable; defaults to the server's description. */
  name: string;
  /** The server it was connected to, header and environment values blanked. */
  target: ServerTarget | null;
  startedAt: number;
  /** Undefined while the connection is still open. */
  endedAt?: number;
  frameCount: number;
  /** Set while a share link exists. */
  shareId?: string;
  /** True while this bridge is still recording it (viewers of its link watch live). */
  live: boolean;
  /** The tool calls it holds; absent in recordings stored before they were counted. */
  calls?: RecordingCalls;
  /**
   * What the recording lacks ("interrupted"): the store was away longer than the bridge could hold
   * the connection's frames for it. Absent when nothing was lost.
   */
  gaps?: RecordingGap[];
}

/**
 * One stretch of a connection that was relayed but not recorded: the recordings store did not
 * answer, and what arrived past the bytes the bridge holds meanwhile was let go.
 */
export interface RecordingGap {
  /** The first and last seq of the frames not recorded; absent when only bridge events were let go. */
  fromSeq?: number;
  toSeq?: number;
  frames: number;
  events: number;
  /** Bytes of the frames not recorded. */
  bytes: number;
  /** The time of the first and of the last thing not recorded (ms). */
  from: number;
  to: number;
}

/** The tool calls sent in a recording: how many, and which tools, in the order they were first called. */
export interface RecordingCalls {
  count: number;
  /** At most {@link MAX_SUMMARY_TOOLS} names, each at most {@link MAX_SUMMARY_TOOL_NAME} characters. */
  tools: string[];
}

/** Most tool names a recording's summary keeps. */
export const MAX_SUMMARY_TOOLS = 10;
/** Longest tool name a recording's summary keeps (a server may send anything as a name). */
export const MAX_SUMMARY_TOOL_NAME = 100;

/**
 * A resources/read of an MCP App's View (a `ui://` resource): the page reads it to show the View, nobody asked
 * for it, so it is no call in a recording's summary nor in a replay's History (live, it is not in History).
 */
export function isViewResourceRead(method: unknown, params: { uri?: unknown } | undefined): boolean {
  return method === 'resources/read' && typeof params?.uri === 'string' && params.uri.startsWith('ui://');
}

/** `calls` with one more call of the tool named `name` (any JSON value: a hostile server's name is shown as JSON). */
export function countCall(calls: RecordingCalls, name: unknown): RecordingCalls {
  const text = (typeof name === 'string' ? name : (JSON.stringify(name) ?? String(name))).slice(
    0,
    MAX_SUMMARY_TOOL_NAME,
  );
  const tools =
    calls.tools.includes(text) || calls.tools.length >= MAX_SUMMARY_TOOLS
      ? calls.tools
      : [...calls.tools, text];
  return { count: calls.count + 1, tools };
}

/** A recording with its content: what a replay shows. */
export interface RecordingSnapshot {
  recording: RecordingSummary;
  frames: Frame[];
  events: TimedBridgeEvent[];
}

/** Body of GET /api/recordings. */
export interface RecordingListResponse {
  recordings: RecordingSummary[];
  /** Ended recordings older than this many days are deleted; 0 keeps them forever. */
  retentionDays: number;
  /** Where the recordings are stored. */
  file: string;
}

/** Whether this bridge records connections (it does not when its data file cannot be opened). */
export interface RecordingStatus {
  enabled: boolean;
  /** Why recording failed, when it was meant to be on (absent when turned off with --no-record). */
  problem?: string;
}

/** Messages on the live WebSocket, bridge to viewer. */
export type LiveMessage =
  | { type: 'frame'; frame: Frame }
  | { type: 'event'; entry: TimedBridgeEvent }
  /** The connection ended (the recording is complete), or the recording was deleted or unshared. */
  | { type: 'ended'; reason: 'closed' | 'deleted' | 'unshared'; endedAt: number }
  /** The recordings store does not answer: what the viewer sees may not be kept (`reason` names no address). */
  | { type: 'paused'; reason: string }
  /** The store answers again; `detail` says what the recording lacks, if anything. */
  | { type: 'resumed'; detail?: string };

/** Longest name a recording may have. */
export const MAX_RECORDING_NAME = 200;
/** Longest retention setting, in days (ten years). */
export const MAX_RETENTION_DAYS = 3650;

/*
 * The payloads of the recordings routes and the live socket, read with these schemas on both sides:
 * the bridge checks what the page sends, the page checks what the bridge answers. Unknown fields
 * are accepted, so a page and a bridge of different versions still understand each other.
 */

/** Body of PATCH /api/recordings/:id; the name is trimmed. */
export const renameBodySchema = z.looseObject({
  name: z
    .string({ error: `must be 1 to ${MAX_RECORDING_NAME} characters` })
    .max(MAX_RECORDING_NAME, `must be 1 to ${MAX_RECORDING_NAME} characters`)
    .refine((name) => name.trim() !== '', `must be 1 to ${MAX_RECORDING_NAME} characters`)
    .transform((name) => name.trim()),
});

/** Body of PUT /api/recordings/settings, and its answer. */
export const retentionSchema = z.looseObject({
  retentionDays: z
    .int({ error: `must be a whole number from 0 to ${MAX_RETENTION_DAYS}` })
    .min(0, `must be a whole number from 0 to ${MAX_RETENTION_DAYS}`)
    .max(MAX_RETENTION_DAYS, `must be a whole number from 0 to ${MAX_RETENTION_DAYS}`),
});

/** A bridge event with its time: in recordings, and as the log of a session file. */
export const recordedEventSchema = z.looseObject({
  time: z.number(),
  event: z.looseObject({ kind: z.string() }),
});

export const recordingGapSchema = z.looseObject({
  fromSeq: z.number().optional(),
  toSeq: z.number().optional(),
  frames: z.number(),
  events: z.number(),
  bytes: z.number(),
  from: z.number(),
  to: z.number(),
}) satisfies z.ZodType<RecordingGap>;

export const recordingSummarySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  target: serverTargetShape.nullable(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  frameCount: z.number(),
  shareId: z.string().optional(),
  live: z.boolean(),
  calls: z.looseObject({ count: z.number(), tools: z.array(z.string()) }).optional(),
  gaps: z.array(recordingGapSchema).optional(),
}) satisfies z.ZodType<RecordingSummary>;

export const recordingListSchema = z.looseObject({
  recordings: z.array(recordingSummarySchema),
  retentionDays: z.number(),
  file: z.string(),
}) satisfies z.ZodType<RecordingListResponse>;

/** Checks frames and events as the session file does; their content is the page's to read. */
export const recordingSnapshotSchema = z.looseObject({
  recording: recordingSummarySchema,
  frames: z.array(frameSchema),
  events: z.array(recordedEventSchema),
});

export const liveMessageSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('frame'), frame: frameSchema }),
  z.looseObject({ type: z.literal('event'), entry: recordedEventSchema }),
  z.looseObject({
    type: z.literal('ended'),
    reason: z.enum(['closed', 'deleted', 'unshared']),
    endedAt: z.number(),
  }),
  z.looseObject({ type: z.literal('paused'), reason: z.string() }),
  z.looseObject({ type: z.literal('resumed'), detail: z.string().optional() }),
]);
