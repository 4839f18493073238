import { randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_RECORDING_NAME,
  type RecordingListResponse,
  type RecordingSnapshot,
  type RecordingSummary,
} from '#shared/recordings.ts';
import { redactTargetForSharing } from '#shared/redaction.ts';
import { describeTarget, type ServerTarget } from '#shared/targets.ts';
import type { LiveSend, LiveStart } from './live-feed.ts';
import { LiveViewers, type WritersInFlight } from './live-viewers.ts';
import { openRecordingStore, type RecordingStoreOptions } from './open-recording-store.ts';
import type { RecordingSize, RecordingStore } from './recording-store.ts';
import { RecordingQuota } from './recording-quota.ts';
import type { RecordingNotice } from './recording-hold.ts';
import { RecordingUpkeep } from './recording-upkeep.ts';
import { RecordingWriter } from './recording-writer.ts';
import { SecretScrubber } from '../secrets/secret-scrubber.ts';
import { StoreHealth, StoreUnavailableError, type LevelledLog } from './store-health.ts';
import type { TextMask } from '../secrets/text-mask.ts';

/** What one recording may hold in memory while the store does not answer (see {@link RecordingLibrary.holdDuringOutage}). */
export const DEFAULT_OUTAGE_HOLD_BYTES = 16 * 1024 * 1024;

/**
 * All the recordings of this bridge: the store, a writer for each recording still being written
 * (its connection is open), share links, live viewers and retention. Routes and page channels use
 * this; it knows nothing about HTTP. Reads wait for what is queued to be written first.
 */
export class RecordingLibrary implements WritersInFlight {
  private readonly writers = new Map<string, RecordingWriter>();
  /** Writers that finished, until their last writes are done (readers wait for them). */
  private readonly draining = new Map<string, Promise<void>>();
  private readonly upkeep: RecordingUpkeep;
  private readonly viewers: LiveViewers;
  private readonly unwatch: () => void;
  /** Whether the store answers; writers hold their frames while it does not. */
  readonly health: StoreHealth;
  private holdBytes = DEFAULT_OUTAGE_HOLD_BYTES;
  private observeWrite: ((seconds: number) => void) | undefined;

  private constructor(
    private readonly store: RecordingStore,
    private readonly log: LevelledLog,
  ) {
    this.health = new StoreHealth(store, log);
    this.upkeep = new RecordingUpkeep(store, log);
    this.viewers = new LiveViewers(store, this, log);
    this.unwatch = store.watch((id, change) => {
      if (change === 'state') void this.changedElsewhere(id);
    });
  }

  /** Ends what stopped bridges left open, prunes, and serves `store`. */
  static async start(store: RecordingStore, log: LevelledLog = () => {}): Promise<RecordingLibrary> {
    const library = new RecordingLibrary(store, log);
    await library.upkeep.endAbandoned();
    await library.prune();
    return library;
  }

  /** Opens the store the options name; `retentionDays`, when given, replaces the stored setting. */
  static async open(
    options: RecordingStoreOptions & { retentionDays?: number; log?: LevelledLog },
  ): Promise<RecordingLibrary> {
    const store = await openRecordingStore(options);
    try {
      if (options.retentionDays !== undefined) await store.setRetentionDays(options.retentionDays);
      return await RecordingLibrary.start(store, options.log);
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  /** Where the recordings are: the SQLite file, or the database URL without its password. */
  get file(): string {
    return this.store.location;
  }

  /** `sqlite` or `postgres`. */
  get storeKind(): RecordingStore['kind'] {
    return this.store.kind;
  }

  /**
   * The writer of a recording of a connection to `target` about to open, made by `userName` (hosted
   * mode's signed-in user). The recording exists (is listed, can be shared) once passed to
   * {@link commit}. The target's secret values are scrubbed from all it records, but those
   * `masked` hides already (a hosted catalog entry's, masked once for the page and the recording).
   */
  prepare(
    target: ServerTarget,
    userName?: string,
    notify?: (notice: RecordingNotice) => void,
    masked?: TextMask,
  ): RecordingWriter {
    const quota = userName !== undefined ? this.quota : undefined;
    const writer: RecordingWriter = new RecordingWriter(randomUUID(), this.store, {
      onFinish: (finished) => this.finished(finished),
      log: this.log,
      scrubber: SecretScrubber.forTarget(target).without(masked),
      outage: { health: this.health, holdBytes: this.holdBytes },
      ...(notify && { notify }),
      ...(this.observeWrite && { observeWrite: this.observeWrite }),
      ...(this.maxFrameBytes && { maxFrameBytes: this.maxFrameBytes }),
      ...(quota && {
        meter: quota.quota.meter(userName!, () => {
          writer.stopKeeping(`over limits.recordingBytesPerUser (${quota.quota.bytesPerUser} bytes)`);
          notify?.({ kind: 'error', message: quota.message });
        }),
      }),
    });
    if (userName !== undefined) this.userNames.set(writer, userName);
    return writer;
  }

  /**
   * While the store does not answer, each recording holds up to `bytes` of what its connection
   * sends (in memory) and writes it when the store is back; past that it lets go and is marked
   * interrupted. Applies to recordings prepared from now on.
   */
  holdDuringOutage(bytes: number): void {
    this.holdBytes = bytes;
  }

  /** Calls `observe` with the seconds each store write of a recording took (hosted mode's metrics), from now on. */
  timeWrites(observe: (seconds: number) => void): void {
    this.observeWrite = observe;
  }

  /** Frames over this size are recorded as a marker (hosted mode), with the limit's name for the marker. */
  private maxFrameBytes: { bytes: number; limitName: string } | undefined;

  /** Records frames whose JSON is over `bytes` as a marker saying so (see RecordingWriter), from now on. */
  keepFramesUpTo(bytes: number, limitName: string): void {
    this.maxFrameBytes = { bytes, limitName };
  }

  /** The recording quota per user (hosted mode), with the message a user gets when a recording stops at it. */
  private quota: { quota: RecordingQuota; message: string } | undefined;

  /**
   * Holds each signed-in user's recordings to `bytesPerUser` (see {@link RecordingQuota}): the
   * oldest ended ones go first; a recording that still does not fit stops and `message` is
   * passed to the `notify` of {@link prepare}. Returns the quota (tests check through it).
   */
  limitPerUser(bytesPerUser: number, message: string): RecordingQuota {
    const quota = new RecordingQuota(
      bytesPerUser,
      {
        usage: (userName) => this.store.usage(userName),
        flush: async (userName) => {
          const mine = [...this.writers.values()].filter((w) => this.userNames.get(w) === userName);
          await Promise.all(mine.map((writer) => writer.flush()));
        },
        delete: (id) => this.delete(id),
      },
      this.log,
    );
    this.quota = { quota, message };
    return quota;
  }

  private readonly userNames = new WeakMap<RecordingWriter, string>();

  /** The connection of `writer` opened to `target`: store its recording, secrets blanked. */
  commit(writer: RecordingWriter, target: ServerTarget, startedAt = Date.now()): void {
    const safeTarget = redactTargetForSharing(target);
    writer.commit(() =>
      this.store.create({
        id: writer.id,
        name: describeTarget(safeTarget).slice(0, MAX_RECORDING_NAME),
        target: safeTarget,
        startedAt,
        userName: this.userNames.get(writer) ?? null,
      }),
    );
    if (writer.isLive && writer.isStored) this.writers.set(writer.id, writer);
  }

  /** Every recording, or only `userName`'s, newest first. */
  async list(filter: { userName?: string } = {}): Promise<RecordingListResponse> {
    this.throwWhileDown();
    await Promise.all([...this.writers.values()].map((writer) => writer.flush()));
    return {
      recordings: (await this.store.list(filter)).map((summary) => this.withLive(summary)),
      retentionDays: await this.store.getRetentionDays(),
      file: this.store.location,
    };
  }

  async get(id: string): Promise<RecordingSummary | undefined> {
    this.throwWhileDown();
    await this.flushed(id);
    const summary = await this.store.get(id);
    return summary && this.withLive(summary);
  }

  /** Every recording's owner and the bytes of its frames, everything queued written first (the admin's view). */
  async sizes(): Promise<RecordingSize[]> {
    await Promise.all([...this.writers.values()].map((writer) => writer.flush()));
    return this.store.sizes();
  }

  /** Who made recording `id`: a user name, null for nobody signed in, undefined when there is no such recording. */
  userNameOf(id: string): Promise<string | null | undefined> {
    return this.store.userNameOf(id);
  }

  /** A recording with its frames and events, everything queued written first. */
  async snapshot(id: string): Promise<RecordingSnapshot | undefined> {
    const recording = await this.get(id);
    if (!recording) return undefined;
    return { recording, frames: await this.store.frames(id), events: await this.store.events(id) };
  }

  /** The recording a share link points to. */
  async findShared(shareId: string): Promise<RecordingSummary | undefined> {
    if (!isShareId(shareId)) return undefined;
    const summary = await this.store.findByShareId(shareId);
    return summary && this.withLive(summary);
  }

  /** The writer of recording `id` while this bridge writes it; undefined once it ended. */
  writerOf(id: string): RecordingWriter | undefined {
    return this.writers.get(id);
  }

  /** How many viewers watch recording `id` live through this bridge. */
  viewerCount(id: string): number {
    return this.viewers.count(id);
  }

  /** Follows a recording for a viewer of its link (see {@link LiveViewers.follow}); resolves to the stop function. */
  follow(
    recording: RecordingSummary,
    shareId: string,
    start: LiveStart,
    send: LiveSend,
  ): Promise<() => void> {
    return this.viewers.follow(recording, shareId, start, send);
  }

  rename(id: string, name: string): Promise<boolean> {
    return this.store.rename(id, name);
  }

  /** Deletes a recording, its frames and its link; a live one stops recording. */
  async delete(id: string): Promise<boolean> {
    this.throwWhileDown();
    this.writers.get(id)?.drop();
    await this.flushed(id);
    return this.store.delete(id);
  }

  /** The recording's share id, made on first use (32 random bytes: unguessable). */
  async share(id: string): Promise<string | undefined> {
    const summary = await this.get(id);
    if (!summary) return undefined;
    if (summary.shareId) return summary.shareId;
    const shareId = randomBytes(32).toString('base64url');
    await this.store.setShareId(id, shareId);
    return shareId;
  }

  /** Withdraws the share link: the old link stops working, viewers are sent away. */
  async unshare(id: string): Promise<boolean> {
    const changed = await this.store.setShareId(id, null);
    this.writers.get(id)?.dismissViewers();
    return changed;
  }

  getRetentionDays(): Promise<number> {
    return this.store.getRetentionDays();
  }

  async setRetentionDays(days: number): Promise<void> {
    await this.store.setRetentionDays(days);
    await this.prune();
  }

  /** Deletes expired recordings now. */
  prune(now = Date.now()): Promise<void> {
    return this.upkeep.prune(now);
  }

  /** Why the store does not answer (for the admin: it names the store's address), or undefined when it does; bounded in time. */
  async problem(): Promise<string | undefined> {
    return this.health.probe();
  }

  /**
   * What an error met while reading or changing recordings means: a {@link StoreUnavailableError}
   * when the store does not answer (routes answer 503), else the error itself.
   */
  async explain(error: unknown): Promise<unknown> {
    if (error instanceof StoreUnavailableError) return error;
    return (await this.health.isOutage(error)) ? (this.health.unavailable ?? error) : error;
  }

  /** Ends every recording still being written, waits for their writes and closes the store. */
  async close(): Promise<void> {
    // Writers waiting for a store that does not answer give up: the bridge is stopping.
    this.health.close();
    this.upkeep.close();
    this.unwatch();
    const now = Date.now();
    for (const writer of [...this.writers.values()]) writer.end(now);
    await Promise.all(this.draining.values());
    await this.store.close();
  }

  /** Answers at once, while the store does not answer, instead of waiting on it. */
  private throwWhileDown(): void {
    const unavailable = this.health.unavailable;
    if (unavailable) throw unavailable;
  }

  private finished(writer: RecordingWriter): void {
    this.writers.delete(writer.id);
    const done = writer
      .idle()
      .then(() => this.upkeep.dropIfEmpty(writer))
      .finally(() => {
        if (this.draining.get(writer.id) === done) this.draining.delete(writer.id);
      });
    this.draining.set(writer.id, done);
  }

  /**
   * From now on, a connection that ends having asked nothing of its server leaves no recording (the bridge
   * turns this on; a library on its own keeps every recording, as its tests expect).
   */
  dropEmptyRecordings(): void {
    this.upkeep.dropEmptyRecordings();
  }

  /** Resolves once everything queued for recording `id` is in the store. */
  async flushed(id: string): Promise<void> {
    await (this.writers.get(id)?.flush() ?? this.draining.get(id));
  }

  /** Recording `id`'s link or existence changed (maybe on another bridge): when this bridge writes it, follow suit. */
  private async changedElsewhere(id: string): Promise<void> {
    const writer = this.writers.get(id);
    if (!writer) return;
    try {
      const summary = await this.store.get(id);
      if (!summary) writer.drop();
      else if (!summary.shareId && writer.viewerCount) writer.dismissViewers();
    } catch (error) {
      this.log(`Could not read recording ${id}: ${(error as Error).message}`);
    }
  }

  private withLive(summary: RecordingSummary): RecordingSummary {
    const live = this.writers.has(summary.id) || (this.store.shared && summary.endedAt === undefined);
    return { ...summary, live };
  }
}

/** Share ids are 43 base64url characters; anything else is not looked up at all. */
export function isShareId(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
