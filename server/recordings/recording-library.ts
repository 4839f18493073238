import { randomBytes, randomUUID } from 'node:crypto';
import {
  MAX_RECORDING_NAME,
  type RecordingListResponse,
  type RecordingSnapshot,
  type RecordingSummary,
} from '#shared/recordings.ts';
import { redactTargetForSharing } from '#shared/redaction.ts';
import { describeTarget, type ServerTarget } from '#shared/targets.ts';
import { SecretScrubber } from './secret-scrubber.ts';
import { RecordingWriter } from './recording-writer.ts';
import { RecordingStore } from './recording-store.ts';

/** How often expired recordings are looked for while the bridge runs. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * All the recordings of this bridge: the store, a writer for each recording still being written
 * (its connection is open), share links and retention. Routes and page channels use this; it
 * knows nothing about HTTP.
 */
export class RecordingLibrary {
  private readonly writers = new Map<string, RecordingWriter>();
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(
    private readonly store: RecordingStore,
    private readonly log: (line: string) => void = () => {},
  ) {
    const abandoned = store.endAbandoned();
    if (abandoned) log(`Closed ${abandoned} recording(s) left open by a bridge that stopped`);
    this.prune();
    this.pruneTimer = setInterval(() => this.prune(), PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  /** Opens the store at `file`; `retentionDays`, when given, replaces the stored setting. */
  static open(file: string, options: { retentionDays?: number; log?: (line: string) => void } = {}) {
    const store = RecordingStore.open(file);
    try {
      if (options.retentionDays !== undefined) store.retentionDays = options.retentionDays;
      return new RecordingLibrary(store, options.log);
    } catch (error) {
      store.close();
      throw error;
    }
  }

  get file(): string {
    return this.store.file;
  }

  /**
   * The writer of a recording of a connection to `target` about to open. The recording exists (is listed, can be shared)
   * once passed to {@link commit}. The target's secret values are scrubbed from all it records.
   */
  prepare(target: ServerTarget): RecordingWriter {
    return new RecordingWriter(randomUUID(), this.store, {
      onFinish: (finished) => this.writers.delete(finished.id),
      log: this.log,
      scrubber: SecretScrubber.forTarget(target),
    });
  }

  /** The connection of `writer` opened to `target`: store its recording, secrets blanked. */
  commit(writer: RecordingWriter, target: ServerTarget, startedAt = Date.now()): void {
    const safeTarget = redactTargetForSharing(target);
    writer.commit(() =>
      this.store.create({
        id: writer.id,
        name: describeTarget(safeTarget).slice(0, MAX_RECORDING_NAME),
        target: safeTarget,
        startedAt,
      }),
    );
    if (writer.isLive && writer.isStored) this.writers.set(writer.id, writer);
  }

  list(): RecordingListResponse {
    for (const writer of this.writers.values()) writer.flush();
    return {
      recordings: this.store.list().map((summary) => this.withLive(summary)),
      retentionDays: this.store.retentionDays,
      file: this.store.file,
    };
  }

  get(id: string): RecordingSummary | undefined {
    const summary = this.store.get(id);
    return summary && this.withLive(summary);
  }

  /** A recording with its frames and events, everything queued written first. */
  snapshot(id: string): RecordingSnapshot | undefined {
    this.writers.get(id)?.flush();
    const recording = this.get(id);
    if (!recording) return undefined;
    return { recording, frames: this.store.frames(id), events: this.store.events(id) };
  }

  /** The recording a share link points to. */
  findShared(shareId: string): RecordingSummary | undefined {
    if (!isShareId(shareId)) return undefined;
    const summary = this.store.findByShareId(shareId);
    return summary && this.withLive(summary);
  }

  /** The writer of recording `id` while it is being written, for live viewers; undefined once it ended. */
  writerOf(id: string): RecordingWriter | undefined {
    return this.writers.get(id);
  }

  /** Frames from `fromSeq` and events from `fromIndex` on, everything queued written first. */
  tail(id: string, fromSeq: number, fromIndex: number) {
    this.writers.get(id)?.flush();
    return { frames: this.store.frames(id, fromSeq), events: this.store.events(id, fromIndex) };
  }

  rename(id: string, name: string): boolean {
    return this.store.rename(id, name);
  }

  /** Deletes a recording, its frames and its link; a live one stops recording. */
  delete(id: string): boolean {
    this.writers.get(id)?.drop();
    return this.store.delete(id);
  }

  /** The recording's share id, made on first use (32 random bytes: unguessable). */
  share(id: string): string | undefined {
    const summary = this.store.get(id);
    if (!summary) return undefined;
    if (summary.shareId) return summary.shareId;
    const shareId = randomBytes(32).toString('base64url');
    this.store.setShareId(id, shareId);
    return shareId;
  }

  /** Withdraws the share link: the old link stops working, viewers are sent away. */
  unshare(id: string): boolean {
    const changed = this.store.setShareId(id, null);
    this.writers.get(id)?.dismissViewers();
    return changed;
  }

  get retentionDays(): number {
    return this.store.retentionDays;
  }

  set retentionDays(days: number) {
    this.store.retentionDays = days;
    this.prune();
  }

  /** Deletes expired recordings now. */
  prune(now = Date.now()): void {
    try {
      const removed = this.store.prune(now);
      if (removed.length) this.log(`Deleted ${removed.length} expired recording(s)`);
    } catch (error) {
      this.log(`Could not delete expired recordings: ${(error as Error).message}`);
    }
  }

  /** Ends every recording still being written and closes the file. */
  close(): void {
    clearInterval(this.pruneTimer);
    const now = Date.now();
    for (const writer of [...this.writers.values()]) writer.end(now);
    this.store.close();
  }

  private withLive(summary: RecordingSummary): RecordingSummary {
    return { ...summary, live: this.writers.has(summary.id) };
  }
}

/** Share ids are 43 base64url characters; anything else is not looked up at all. */
export function isShareId(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
