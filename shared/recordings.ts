/**
 * Recorded sessions: what the bridge stores of each connection, and the share links that replay
 * or watch one. One definition for the bridge's routes and the page.
 */
import type { BridgeEvent, Frame } from './bridge-protocol.ts';
import type { ServerTarget } from './targets.ts';

/** Page path of a share link: `/share/<shareId>`; no token needed, the id is the secret. */
export const SHARE_PAGE_PREFIX = '/share/';
/** API path of a shared recording: `GET /api/shared/<shareId>` gives its {@link RecordingSnapshot}. */
export const SHARED_API_PREFIX = '/api/shared/';
/** Suffix of the live WebSocket of a shared recording: `/api/shared/<shareId>/live`. */
export const LIVE_SUFFIX = '/live';
/** Query parameters of the live WebSocket: how many frames and events the viewer already has. */
export const LIVE_FRAMES_PARAM = 'frames';
export const LIVE_EVENTS_PARAM = 'events';

/** A bridge event with the time the bridge saw it (stderr lines, exits, HTTP errors). */
export interface RecordedEvent {
  time: number;
  event: BridgeEvent;
}

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
}

/** A recording with its content: what a replay shows. */
export interface RecordingSnapshot {
  recording: RecordingSummary;
  frames: Frame[];
  events: RecordedEvent[];
}

/** Body of GET /api/recordings. */
export interface RecordingListResponse {
  recordings: RecordingSummary[];
  /** Ended recordings older than this many days are deleted; 0 keeps them forever. */
  retentionDays: number;
  /** Where the recordings are stored. */
  file: string;
}

/** Whether this bridge records sessions (it does not when its data file cannot be opened). */
export interface RecordingStatus {
  enabled: boolean;
  /** Why recording failed, when it was meant to be on (absent when turned off with --no-record). */
  problem?: string;
}

/** Messages on the live WebSocket, bridge to viewer. */
export type LiveMessage =
  | { type: 'frame'; frame: Frame }
  | { type: 'event'; entry: RecordedEvent }
  /** The connection ended (the recording is complete), or the recording was deleted or unshared. */
  | { type: 'ended'; reason: 'closed' | 'deleted' | 'unshared'; endedAt: number };

/** Longest name a recording may have. */
export const MAX_RECORDING_NAME = 200;
/** Longest retention setting, in days (ten years). */
export const MAX_RETENTION_DAYS = 3650;
