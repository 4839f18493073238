import type { Frame } from '#shared/bridge-protocol.ts';
import type { RecordedEvent, RecordingCalls, RecordingGap, RecordingSummary } from '#shared/recordings.ts';
import type { ServerTarget } from '#shared/targets.ts';

/** Ended recordings are kept this long unless the setting says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;

/** Frames already written as JSON, in order: the text of each, the first's seq, the last's seq and time. */
export interface FrameTexts {
  firstSeq: number;
  lastSeq: number;
  lastTime: number;
  texts: readonly string[];
}

/** A recording about to be stored. `target` must already be redacted: it is stored as given. */
export interface NewRecording {
  id: string;
  name: string;
  target: ServerTarget | null;
  startedAt: number;
  /** Who made it (hosted mode's signed-in user); null or absent when nobody signed in. */
  userName?: string | null;
}

/** One recording's size in the store, for the recording quota per user. */
export interface RecordingUsage {
  id: string;
  startedAt: number;
  /** Undefined while the recording is still being written. */
  endedAt?: number;
  /** Bytes of its stored frames. */
  bytes: number;
}

/** One recording's owner and size: the admin's view of the store. */
export interface RecordingSize extends RecordingUsage {
  /** Who made it; null when nobody signed in. */
  userName: string | null;
}

/** Rewrites each JSON text before it is stored (takes secrets out). */
export type Scrub = (json: string) => string;

/**
 * Where recordings are kept: a row per connection, its frames and its bridge events in order.
 * Two implementations: SQLite in the data folder (the default; each statement is done when its call
 * returns, the promise only keeps one shape) and PostgreSQL (several bridges on one database), both
 * running the statements of `SqlRecordingStore` (sql-recording-store.ts). Every write of
 * the relay goes through a {@link RecordingWriter}, which batches and queues them, so no caller waits
 * on a write to relay a message. Nothing here knows about HTTP or live viewers.
 */
export interface RecordingStore {
  /** `sqlite` or `postgres`. */
  readonly kind: 'sqlite' | 'postgres';
  /** Where the recordings are, for the page: the SQLite file, or the database URL without its password. */
  readonly location: string;
  /**
   * True when other processes write to the same store while this one runs (PostgreSQL): a recording
   * not ended there is live on another bridge, and its viewers follow it through {@link watch}.
   */
  readonly shared: boolean;

  create(recording: NewRecording): Promise<void>;
  /** Appends frames and events in one transaction. Events are numbered on from `firstEventIndex`. */
  appendTexts(
    id: string,
    frames: FrameTexts | undefined,
    events: readonly RecordedEvent[],
    firstEventIndex: number,
    scrub?: Scrub,
  ): Promise<void>;
  end(id: string, endedAt: number): Promise<void>;
  get(id: string): Promise<RecordingSummary | undefined>;
  /** Who made recording `id`: a user name, null when nobody signed in, undefined when there is no such recording. */
  userNameOf(id: string): Promise<string | null | undefined>;
  findByShareId(shareId: string): Promise<RecordingSummary | undefined>;
  /** Newest first; only `userName`'s when given. */
  list(filter?: { userName?: string }): Promise<RecordingSummary[]>;
  /**
   * How many bytes of frames each of `userName`'s recordings holds, oldest first (the recording
   * quota per user, hosted mode): the stored JSON, what the disk holds of it.
   */
  usage(userName: string): Promise<RecordingUsage[]>;
  /** Every recording's owner and the bytes of its frames, oldest first (hosted mode's admin view). */
  sizes(): Promise<RecordingSize[]>;
  /** Frames from `fromSeq` on, in order. */
  frames(id: string, fromSeq?: number): Promise<Frame[]>;
  /** Bridge events from index `fromIndex` on, in order. */
  events(id: string, fromIndex?: number): Promise<RecordedEvent[]>;
  rename(id: string, name: string): Promise<boolean>;
  /** Sets the summary of the tool calls recording `id` holds (its writer keeps it up to date). */
  setCalls(id: string, calls: RecordingCalls): Promise<void>;
  /** Sets what recording `id` lacks: the stretches its writer had to let go (see RecordingGap). */
  setGaps(id: string, gaps: readonly RecordingGap[]): Promise<void>;
  setShareId(id: string, shareId: string | null): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /**
   * Ends recordings left open by a bridge that is no longer running (crashed or killed), at the
   * time of their last frame or event; recordings of bridges still running are left alone.
   * Returns how many were ended.
   */
  endAbandoned(): Promise<number>;
  getRetentionDays(): Promise<number>;
  setRetentionDays(days: number): Promise<void>;
  /** Deletes ended recordings older than the retention setting; returns their ids. */
  prune(now?: number): Promise<string[]>;
  /** Resolves when the store answers (readiness checks); rejects with the reason otherwise. */
  check(): Promise<void>;
  /**
   * Calls `listener` with a recording's id when a process (this one too) changed it. Stores not
   * {@link shared} never call it. Returns the unsubscribe function.
   */
  watch(listener: RecordingChangeListener): () => void;
  close(): Promise<void>;
}

/**
 * What changed in a recording: `content` (frames, events, its end) or `state` (its share link, or
 * it was deleted). `recordingId` is `*` when anything may have changed (notifications were lost).
 */
export type RecordingChangeListener = (recordingId: string, change: 'content' | 'state') => void;

/** The frames of {@link RecordingStore.appendTexts} built from frame objects (tests, imports). */
export function toFrameTexts(frames: readonly Frame[]): FrameTexts | undefined {
  if (!frames.length) return undefined;
  return {
    firstSeq: frames[0]!.seq,
    lastSeq: frames.at(-1)!.seq,
    lastTime: frames.at(-1)!.time,
    texts: frames.map((frame) => JSON.stringify(frame)),
  };
}

/** A retention setting as stored, or the default when it is missing or unreadable. */
export function readRetentionDays(value: string | undefined): number {
  const days = value === undefined ? DEFAULT_RETENTION_DAYS : Number(value);
  return Number.isInteger(days) && days >= 0 ? days : DEFAULT_RETENTION_DAYS;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Recordings that ended before this time are expired under a retention of `days`; undefined for 0 (keep them all). */
export function expiryCutoff(days: number, now: number): number | undefined {
  return days === 0 ? undefined : now - days * DAY_MS;
}
