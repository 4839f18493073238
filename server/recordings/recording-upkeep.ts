import type { RecordingStore } from './recording-store.ts';
import type { RecordingWriter } from './recording-writer.ts';
import type { LevelledLog } from './store-health.ts';

/** How often expired recordings are looked for while the bridge runs. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** How often a shared store is searched for recordings of bridges that stopped without ending them. */
const ABANDONED_INTERVAL_MS = 60 * 1000;

/**
 * Keeps the store tidy while the bridge runs: deletes expired recordings, ends those a stopped bridge
 * left open (a shared store), and drops the recording of a connection that asked nothing. Each job
 * logs its failure and lets the bridge go on.
 */
export class RecordingUpkeep {
  private readonly timers: NodeJS.Timeout[] = [];
  private dropsEmpty = false;

  constructor(
    private readonly store: RecordingStore,
    private readonly log: LevelledLog,
  ) {
    this.timers.push(setInterval(() => void this.prune(), PRUNE_INTERVAL_MS));
    if (store.shared) this.timers.push(setInterval(() => void this.endAbandoned(), ABANDONED_INTERVAL_MS));
    for (const timer of this.timers) timer.unref();
  }

  /** Deletes expired recordings now. */
  async prune(now = Date.now()): Promise<void> {
    try {
      const removed = await this.store.prune(now);
      if (removed.length) this.log(`Deleted ${removed.length} expired recording(s)`);
    } catch (error) {
      this.log(`Could not delete expired recordings: ${(error as Error).message}`);
    }
  }

  /** Ends the recordings that bridges which stopped left open. */
  async endAbandoned(): Promise<void> {
    try {
      const abandoned = await this.store.endAbandoned();
      if (abandoned) this.log(`Closed ${abandoned} recording(s) left open by a bridge that stopped`);
    } catch (error) {
      this.log(`Could not close abandoned recordings: ${(error as Error).message}`);
    }
  }

  /** From now on, {@link dropIfEmpty} drops (a library on its own keeps every recording, as its tests expect). */
  dropEmptyRecordings(): void {
    this.dropsEmpty = true;
  }

  /**
   * A connection that ended having asked nothing of its server (a page loaded and left) leaves no recording,
   * unless someone shared it meanwhile: the list keeps what people did, not every page load.
   */
  async dropIfEmpty(writer: RecordingWriter): Promise<void> {
    if (!this.dropsEmpty || !writer.isStored || !writer.keptNothing) return;
    try {
      const summary = await this.store.get(writer.id);
      if (summary && !summary.shareId && summary.endedAt !== undefined) await this.store.delete(writer.id);
    } catch (error) {
      this.log(`Could not drop the empty recording ${writer.id}: ${(error as Error).message}`);
    }
  }

  /** Stops the timers. */
  close(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
