import type { RecordingUsage } from './recording-store.ts';

/** What the quota needs of the recordings it holds to a size. */
export interface QuotaStore {
  /** The user's recordings with their stored bytes, oldest first. */
  usage(userName: string): Promise<RecordingUsage[]>;
  /** Writes what the user's open recordings have queued, so that {@link usage} counts it. */
  flush(userName: string): Promise<void>;
  delete(id: string): Promise<boolean>;
}

/** Stops one recording at the quota (its connection goes on, unrecorded from then on). */
export type StopRecording = () => void;

/**
 * Holds each user's recordings to `bytesPerUser` bytes of stored frames (hosted mode,
 * `limits.recordingBytesPerUser`). When a user's recordings pass it, that user's oldest *ended*
 * recordings are deleted, oldest first, until they fit; when the recordings still being written
 * are over it on their own, the ones that grow stop recording (the caller tells the user why). The
 * count in memory is only a trigger: each check reads the sizes from the store, so a recording the
 * user deleted, or one written by another process, is counted as it really is.
 */
export class RecordingQuota {
  /** Bytes each user's recordings hold, as far as this process knows (store + frames since). */
  private readonly used = new Map<string, number>();
  /** Bytes metered per user since this process started: what a check adds to the store's figure. */
  private readonly metered = new Map<string, number>();
  private readonly checking = new Map<string, Promise<void>>();
  private readonly next = new Map<string, Promise<void>>();
  /** Recordings that grew while a check ran over the quota: stopped if the check finds no room. */
  private readonly waiting = new Map<string, Set<StopRecording>>();

  constructor(
    readonly bytesPerUser: number,
    private readonly store: QuotaStore,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * The meter of one new recording of `userName`: hand it each kept frame's size. The user's
   * recordings are checked at once (a user already at the quota makes room before this one grows).
   */
  meter(userName: string, stop: StopRecording): (bytes: number) => void {
    let stopped = false;
    const stopOnce = () => {
      if (stopped) return;
      stopped = true;
      stop();
    };
    void this.check(userName);
    return (bytes) => {
      if (stopped) return;
      const used = (this.used.get(userName) ?? 0) + bytes;
      this.used.set(userName, used);
      this.metered.set(userName, (this.metered.get(userName) ?? 0) + bytes);
      if (used <= this.bytesPerUser) return;
      let waiting = this.waiting.get(userName);
      if (!waiting) this.waiting.set(userName, (waiting = new Set()));
      waiting.add(stopOnce);
      void this.check(userName);
    };
  }

  /**
   * Checks `userName`'s recordings against the quota; resolves when done. One check runs at a time
   * per user: a call meanwhile gets one more check after it (which all such calls share).
   */
  check(userName: string): Promise<void> {
    const running = this.checking.get(userName);
    if (running) {
      let next = this.next.get(userName);
      if (!next) {
        next = running.then(() => {
          this.next.delete(userName);
          return this.check(userName);
        });
        this.next.set(userName, next);
      }
      return next;
    }
    const done = this.makeRoom(userName)
      .catch((error: unknown) =>
        this.log(`Could not check the recordings of ${userName} against the quota: ${String(error)}`),
      )
      .finally(() => this.checking.delete(userName));
    this.checking.set(userName, done);
    return done;
  }

  private async makeRoom(userName: string): Promise<void> {
    await this.store.flush(userName);
    const recordings = await this.store.usage(userName);
    // Only frames metered after the store answered are added to its figure. Counting from before the
    // flush counted every frame written during a slow check twice (on PostgreSQL a user under the
    // quota lost their recordings); this way a frame not yet written when the store answered is
    // missed until the next check, which the meter starts as soon as the count passes the quota.
    const meteredBefore = this.metered.get(userName) ?? 0;
    let used = recordings.reduce((sum, recording) => sum + recording.bytes, 0);
    const deleted: string[] = [];
    for (const recording of recordings) {
      if (used <= this.bytesPerUser) break;
      if (recording.endedAt === undefined) continue;
      if (await this.store.delete(recording.id)) deleted.push(recording.id);
      used -= recording.bytes;
    }
    if (deleted.length)
      this.log(
        `Deleted the ${deleted.length} oldest ended recording(s) of ${userName}: over limits.recordingBytesPerUser (${this.bytesPerUser} bytes)`,
      );
    used += (this.metered.get(userName) ?? 0) - meteredBefore;
    this.used.set(userName, used);
    const waiting = this.waiting.get(userName);
    this.waiting.delete(userName);
    if (used > this.bytesPerUser) for (const stop of waiting ?? []) stop();
  }
}
