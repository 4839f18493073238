import type { Frame } from '#shared/bridge-protocol.ts';
import {
  countCall,
  isViewResourceRead,
  type LiveMessage,
  type RecordedEvent,
  type RecordingCalls,
} from '#shared/recordings.ts';
import { RecordingHold, type HoldOptions } from './recording-hold.ts';
import type { RecordingStore } from './recording-store.ts';
import type { SecretScrubber } from '../secrets/secret-scrubber.ts';
import { WriteBatch } from './write-batch.ts';

/** Gets every live message of one recording, in order, with its JSON text (secrets scrubbed). */
export type LiveListener = (message: LiveMessage, text: string) => void;

/** Queued frames are written this often, in one transaction (a crash loses at most this much). */
const FLUSH_DELAY_MS = 25;
/** ...or at once when this many are waiting, or this many bytes (a batch is one JSON string). */
const MAX_QUEUED = 2000;
const MAX_QUEUED_BYTES = 32 * 1024 * 1024;
/** Bytes waiting while a write is still under way beyond which the store is taken to have fallen behind. */
const MAX_BACKLOG_BYTES = 256 * 1024 * 1024;

/**
 * Writes the recording of one open connection. Frames and events are queued and written to the store every
 * {@link FLUSH_DELAY_MS} in one transaction (a burst of frames costs one write, and the writes stay
 * off the path of a call); live viewers hear of each frame at once. Writes run one at a time, in
 * order: a write that takes long (a remote database) gathers what arrives meanwhile into the next.
 * Nothing is written until {@link commit} (a connection that fails to open leaves no recording).
 */
export class RecordingWriter {
  /** What waits for the next write. */
  private readonly batch = new WriteBatch();
  /** Events already written, which numbers the next ones. */
  private writtenEvents = 0;
  private committed = false;
  private flushTimer: NodeJS.Timeout | undefined;
  private writeFailed = false;
  private finished = false;
  /** The last store call queued; each waits for the one before. Never rejects. */
  private writing: Promise<void> = Promise.resolve();
  private writesPending = 0;
  private toldEvents = 0;
  /** The flush queued and not started yet, if any. */
  private nextFlush: Promise<void> | undefined;
  private readonly listeners = new Set<LiveListener>();
  /** The tool calls kept so far, for the Recordings list; written with the next batch when changed. */
  private calls: RecordingCalls = { count: 0, tools: [] };
  private callsChanged = true;
  /** A chat turn was recorded (a conversation is worth keeping even when the model called nothing). */
  private chatted = false;

  constructor(
    readonly id: string,
    private readonly store: RecordingStore,
    private readonly options: HoldOptions & {
      /** Called once when the recording stops being live (ended, deleted, discarded). */
      onFinish: (recording: RecordingWriter) => void;
      /** Takes the connection's secret values out of everything written or sent. */
      scrubber?: SecretScrubber;
      /** Hears the size of each frame kept (the recording quota per user counts them). */
      meter?: (bytes: number) => void;
      /**
       * Frames whose JSON is longer are kept as a marker (hosted mode's `limits.recordedFrameBytes`):
       * writing 15 MiB to SQLite holds the one event loop for about a second, every user's calls with it.
       */
      maxFrameBytes?: { bytes: number; limitName: string };
    },
  ) {
    this.hold = new RecordingHold(id, options, {
      tell: (message) => this.tell(message),
      interrupted: (message, gaps) => {
        // Where the gap is, in the recording itself; and in its summary, so the list says "interrupted".
        this.addEvent({ time: Date.now(), event: { kind: 'recording', state: 'interrupted', message } });
        void this.enqueue(() => this.attempt(() => this.store.setGaps(this.id, gaps)), true);
      },
    });
  }

  /** The store calls, and what happens while the store does not answer. */
  private readonly hold: RecordingHold;
  private readonly attempt = (call: () => Promise<void>): Promise<void> => this.hold.attempt(call);

  /** True until the connection ends or the recording is deleted. */
  get isLive(): boolean {
    return !this.finished;
  }

  /** True once the recording was handed to the store (and its row did not fail to be written). */
  get isStored(): boolean {
    return this.committed && !this.writeFailed;
  }

  /** Queued until committed; after a failed write or a quota stop nothing more is kept, viewers still hear. */
  private get keeping(): boolean {
    return !this.finished && !this.writeFailed && !this.stopped;
  }

  /** Set when the recording stopped at a quota: what is stored stays, the connection goes on. */
  private stopped = false;

  /**
   * Keeps nothing more of this connection (the user's recording quota is used up): what is queued
   * is still written, viewers still hear, and the recording ends when the connection does.
   */
  stopKeeping(reason: string): void {
    if (this.stopped || this.finished) return;
    this.stopped = true;
    this.options.log(`Recording ${this.id} stopped: ${reason}`);
  }

  /** Queues a frame; `json` is its JSON text when the caller has it already. */
  addFrame(frame: Frame, json: string = JSON.stringify(frame)): void {
    if (this.finished) return;
    if (this.keeping) {
      const max = this.options.maxFrameBytes;
      const kept = max && json.length > max.bytes ? markerOf(frame, max) : json;
      if (this.hold.overHold(kept === json ? frame.bytes : kept.length, this.batch.bytes)) {
        // Still told to live viewers: they find frames by seq, so the hole is theirs too on a reconnect.
        this.hold.letGoFrame(frame.seq, frame.time, frame.bytes);
        if (this.listeners.size) this.tellText({ type: 'frame', frame }, `{"type":"frame","frame":${json}}`);
        return;
      }
      this.batch.addFrame(frame.seq, frame.time, kept, kept === json ? frame.bytes : kept.length);
      this.options.meter?.(kept.length);
      const message = frame.message;
      const called =
        frame.direction === 'out' && message && 'method' in message ? calledName(message) : undefined;
      if (called !== undefined) {
        this.calls = countCall(this.calls, called);
        this.callsChanged = true;
      }
    }
    if (this.listeners.size) this.tellText({ type: 'frame', frame }, `{"type":"frame","frame":${json}}`);
    this.scheduleFlush();
  }

  addEvent(entry: RecordedEvent): void {
    if (this.finished) return;
    if (entry.event.kind === 'chat-turn') this.chatted = true;
    if (this.keeping) {
      let bytes = 0;
      if (this.hold.isPaused) {
        bytes = JSON.stringify(entry).length;
        if (this.hold.overHold(bytes, this.batch.bytes)) {
          // Not told either: viewers number events as the store does, so the two stay in step.
          this.hold.letGoEvent(entry.time);
          return;
        }
      }
      this.batch.addEvent(entry, bytes);
    }
    this.toldEvents++;
    this.tell({ type: 'event', entry });
    this.scheduleFlush();
  }

  /** The connection is open: the recording exists from now on (`create` writes its row). */
  commit(create: () => Promise<void>): void {
    if (this.committed || this.finished) return;
    this.committed = true;
    void this.enqueue(() => this.attempt(create));
    void this.flush();
  }

  /** The connection never opened: forget everything. */
  discard(): void {
    this.batch.clear();
    this.finish();
  }

  /**
   * Writes what is queued now; resolves once it is in the store (or failed, which is logged).
   * Readers wait for this first, so they never miss a queued frame.
   */
  flush(): Promise<void> {
    if (!this.committed || this.writeFailed) return this.writing;
    // While the store does not answer, readers read what it had (or fail) rather than wait for it.
    if (!this.batch.size) return this.hold.isPaused ? done : this.writing;
    // The queue is taken when the write starts, not now: whatever arrives meanwhile goes in the
    // same batch, so one write waiting to start is enough.
    this.nextFlush ??= this.enqueue(() => {
      this.nextFlush = undefined;
      return this.writeQueued();
    });
    return this.hold.isPaused ? done : this.nextFlush;
  }

  /** Resolves when every write queued so far is done. */
  idle(): Promise<void> {
    return this.writing;
  }

  /** The connection ended: write the rest, mark the end, and tell viewers ({@link idle} says when it is written). */
  end(endedAt: number): void {
    if (this.finished) return;
    void this.flush();
    // Even after a failed write: the frames that made it are a finished recording.
    if (this.committed) void this.enqueue(() => this.attempt(() => this.store.end(this.id, endedAt)), true);
    this.tell({ type: 'ended', reason: 'closed', endedAt });
    this.finish();
  }

  /** The recording was deleted: stop writing and send viewers away. */
  drop(): void {
    if (this.finished) return;
    this.batch.clear();
    this.tell({ type: 'ended', reason: 'deleted', endedAt: Date.now() });
    this.finish();
  }
  /** Sends current viewers away (the share link was withdrawn); recording goes on. */
  dismissViewers(): void {
    this.tell({ type: 'ended', reason: 'unshared', endedAt: Date.now() });
    this.listeners.clear();
  }

  /** Listens to new frames and events; returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Nothing was asked of the server besides the connection's own setup (no call, read or get) and nobody
   * chatted: the recording of a page that was loaded and left, which the library does not keep.
   */
  get keptNothing(): boolean {
    return this.calls.count === 0 && !this.chatted;
  }

  /** Events recorded so far (written or queued): the index the next one gets. */
  get eventCount(): number {
    return this.toldEvents;
  }

  get viewerCount(): number {
    return this.listeners.size;
  }

  private scheduleFlush(): void {
    if (!this.committed || this.writeFailed) return;
    if (!this.hold.isPaused && this.writesPending && this.batch.bytes > MAX_BACKLOG_BYTES) {
      this.fail(new Error('the store fell behind (writes take longer than frames arrive)'));
      return;
    }
    if (this.batch.size >= MAX_QUEUED || this.batch.bytes >= MAX_QUEUED_BYTES) {
      void this.flush();
      return;
    }
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.flush();
    }, FLUSH_DELAY_MS);
  }

  /** Runs `write` after every write queued before it; a failure stops the recording (unless `evenAfterFailure`). */
  private enqueue(write: () => Promise<void>, evenAfterFailure = false): Promise<void> {
    this.writesPending++;
    this.writing = this.writing
      .then(() => (this.writeFailed && !evenAfterFailure ? undefined : write()))
      .catch((error: unknown) => this.fail(error))
      .finally(() => this.writesPending--);
    return this.writing;
  }

  private async writeQueued(): Promise<void> {
    const taken = this.batch.take();
    if (!taken) return;
    const { frames, events } = taken;
    const firstEventIndex = this.writtenEvents;
    this.hold.inFlightBytes = taken.bytes;
    this.writtenEvents += events.length;
    try {
      await this.attempt(() => this.store.appendTexts(this.id, frames, events, firstEventIndex, this.scrub));
    } finally {
      this.hold.inFlightBytes = 0;
    }
    if (this.callsChanged) {
      this.callsChanged = false;
      // Tool names come from the server: scrubbed like every other text that is stored.
      const calls = JSON.parse(this.scrub(JSON.stringify(this.calls))) as RecordingCalls;
      await this.attempt(() => this.store.setCalls(this.id, calls));
    }
  }

  private tell(message: LiveMessage): void {
    if (this.listeners.size) this.tellText(message, JSON.stringify(message));
  }

  private tellText(message: LiveMessage, json: string): void {
    const text = this.scrub(json);
    for (const listener of this.listeners) listener(message, text);
  }

  private readonly scrub = (json: string): string => this.options.scrubber?.scrubJson(json) ?? json;

  private finish(): void {
    this.finished = true;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.listeners.clear();
    this.options.onFinish(this);
  }

  /** A write failed (disk full, file removed): say so once and keep relaying without recording. */
  private fail(error: unknown): void {
    if (!this.writeFailed)
      this.options.log(
        `Recording ${this.id} stopped: ${error instanceof Error ? error.message : String(error)}`,
      );
    this.writeFailed = true;
    this.batch.clear();
  }
}

const done = Promise.resolve();

/**
 * What the recording keeps of a frame over the size limit: a frame that could not be read, whose
 * raw text is the message's id and method and whose error says why, so a replay shows where it was.
 */
function markerOf(frame: Frame, max: { bytes: number; limitName: string }): string {
  const message = frame.message as { id?: unknown; method?: unknown } | undefined;
  const head: Record<string, unknown> = { jsonrpc: '2.0' };
  if (message?.id !== undefined) head.id = message.id;
  if (message?.method !== undefined) head.method = message.method;
  const marker: Frame = {
    seq: frame.seq,
    time: frame.time,
    direction: frame.direction,
    bytes: frame.bytes,
    raw: JSON.stringify(head),
    error: `Not recorded: ${frame.bytes} bytes, over ${max.limitName} (${max.bytes} bytes)`,
    ...(frame.synthetic ? { synthetic: true } : {}),
    ...(frame.http ? { http: frame.http } : {}),
  };
  return JSON.stringify(marker);
}

/**
 * What a frame the page sent called, for the recording's summary: a tool's name, or for a resource read or a
 * prompt get the method and its URI or name ("resources/read demo://docs/readme"); undefined for anything else.
 */
function calledName(message: { method?: unknown; params?: Record<string, unknown> }): unknown {
  switch (message.method) {
    case 'tools/call':
      return message.params?.name;
    case 'resources/read':
      if (isViewResourceRead(message.method, message.params)) return undefined;
      return `resources/read ${String(message.params?.uri)}`;
    case 'prompts/get':
      return `prompts/get ${String(message.params?.name)}`;
    default:
      return undefined;
  }
}
