import type { RecordingSummary } from '#shared/recordings.ts';
import { followStored, followWriter, type LiveSend, type LiveStart } from './live-feed.ts';
import type { RecordingStore } from './recording-store.ts';
import type { RecordingWriter } from './recording-writer.ts';
import type { LevelledLog } from './store-health.ts';

/** What the viewers need of the library: the recordings this bridge writes, and their queued writes. */
export interface WritersInFlight {
  writerOf(id: string): RecordingWriter | undefined;
  /** Resolves once everything queued for recording `id` is in the store. */
  flushed(id: string): Promise<void>;
}

/**
 * The people watching a recording through its share link: followed through its writer when this bridge
 * writes it, through the store when another bridge does (counted here, since no writer of ours knows
 * them), and sent what was stored when nobody writes it any more.
 */
export class LiveViewers {
  /** Viewers following recordings written by other bridges, by recording. */
  private readonly remote = new Map<string, number>();

  constructor(
    private readonly store: RecordingStore,
    private readonly writers: WritersInFlight,
    private readonly log: LevelledLog,
  ) {}

  /** How many viewers watch recording `id` live through this bridge. */
  count(id: string): number {
    return this.writers.writerOf(id)?.viewerCount ?? this.remote.get(id) ?? 0;
  }

  /**
   * Sends a viewer of `recording` (opened by its link `shareId`) what it lacks from `start` on, then
   * follows it live, and ends at once when nobody writes it. Resolves to the stop function.
   */
  async follow(
    recording: RecordingSummary,
    shareId: string,
    start: LiveStart,
    send: LiveSend,
  ): Promise<() => void> {
    const writer = this.writers.writerOf(recording.id);
    if (writer) return followWriter(this.store, writer, start, send);
    if (this.store.shared && recording.endedAt === undefined)
      return this.followRemote(recording.id, shareId, start, send);
    await this.writers.flushed(recording.id);
    for (const frame of await this.store.frames(recording.id, start.seq)) send({ type: 'frame', frame });
    for (const entry of await this.store.events(recording.id, start.index)) send({ type: 'event', entry });
    const endedAt = (await this.store.get(recording.id))?.endedAt ?? Date.now();
    send({ type: 'ended', reason: 'closed', endedAt });
    return () => {};
  }

  private async followRemote(id: string, shareId: string, start: LiveStart, send: LiveSend) {
    this.remote.set(id, (this.remote.get(id) ?? 0) + 1);
    const stop = await followStored(this.store, id, shareId, start, send, this.log);
    return () => {
      stop();
      const left = (this.remote.get(id) ?? 1) - 1;
      if (left > 0) this.remote.set(id, left);
      else this.remote.delete(id);
    };
  }
}
