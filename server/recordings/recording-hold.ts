import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import type { LiveMessage, RecordingGap } from '#shared/recordings.ts';
import { describeGap, GapCounter } from './recording-gap.ts';
import type { LevelledLog, StoreHealth } from './store-health.ts';

/** What a recording tells its connection's page: why it stopped early (an error), or that it is paused or resumed. */
export type RecordingNotice = Extract<BridgeEvent, { kind: 'error' } | { kind: 'recording' }>;

/** What live viewers are told while the store does not answer (they may not be signed in: no address). */
export const PAUSED_FOR_VIEWERS = 'the recordings store does not answer';

/** What a {@link RecordingHold} needs of its recording. */
export interface HoldOptions {
  /**
   * While `health` says the store does not answer, hold up to `holdBytes` of what arrives and write
   * it when the store is back; past that, let go of what arrives and mark the gap. Without it, a
   * failed write is the call's own failure.
   */
  outage?: { health: StoreHealth; holdBytes: number };
  /** Tells the connection's page (paused, resumed, interrupted). */
  notify?: (notice: RecordingNotice) => void;
  /** Hears how long each store call took, in seconds (the store-write histogram). */
  observeWrite?: (seconds: number) => void;
  log: LevelledLog;
}

/**
 * The store calls of one recording writer, timed, and what the writer does while the store does
 * not answer: it **pauses** (viewers and the page are told), the failed call runs again once the
 * store is back, and the writer queues what arrives meanwhile up to `holdBytes`; past that,
 * {@link overHold} says to let go, and the {@link GapCounter} counts it. When the store is back the
 * writer **resumes**; a gap, if any, is handed to `interrupted` (the writer stores and shows it).
 */
export class RecordingHold {
  private paused = false;
  /** Bytes of the batch being written: held too while the store does not answer. */
  inFlightBytes = 0;
  private readonly gap = new GapCounter();
  /** Every gap so far, oldest first. */
  readonly gaps: RecordingGap[] = [];

  constructor(
    private readonly recordingId: string,
    private readonly options: HoldOptions,
    private readonly writer: {
      tell(message: LiveMessage): void;
      interrupted(message: string, gaps: RecordingGap[]): void;
    },
  ) {}

  /** True while the store does not answer. */
  get isPaused(): boolean {
    return this.paused;
  }

  /**
   * Runs one store call. When it fails because the store does not answer (not because of the call
   * itself), the recording pauses and the same call runs again once the store is back.
   */
  async attempt(call: () => Promise<void>): Promise<void> {
    for (;;) {
      const started = performance.now();
      try {
        await call();
        this.options.observeWrite?.((performance.now() - started) / 1000);
        break;
      } catch (error) {
        this.options.observeWrite?.((performance.now() - started) / 1000);
        const health = this.options.outage?.health;
        if (!health || !(await health.isOutage(error))) throw error;
        this.pause();
        await health.whenBack();
      }
    }
    if (this.paused) this.resume();
  }

  /** True when `bytes` more, beside the `queuedBytes` waiting, would pass what a paused recording may hold. */
  overHold(bytes: number, queuedBytes: number): boolean {
    const outage = this.options.outage;
    if (!this.paused || !outage) return false;
    return this.gap.open || this.inFlightBytes + queuedBytes + bytes > outage.holdBytes;
  }

  /** A frame let go (see {@link overHold}). */
  letGoFrame(seq: number, time: number, bytes: number): void {
    this.gap.frame(seq, time, bytes);
  }

  /** A bridge event let go. */
  letGoEvent(time: number): void {
    this.gap.event(time);
  }

  private pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.writer.tell({ type: 'paused', reason: PAUSED_FOR_VIEWERS });
    const held = bytesInWords(this.options.outage?.holdBytes ?? 0);
    this.options.notify?.({
      kind: 'recording',
      state: 'paused',
      message: `Recording paused: the recordings store does not answer. This connection goes on; up to ${held} of it are held and written when the store is back.`,
    });
  }

  private resume(): void {
    this.paused = false;
    const gap = this.gap.take();
    if (!gap) {
      this.writer.tell({ type: 'resumed' });
      this.options.notify?.({
        kind: 'recording',
        state: 'resumed',
        message:
          'Recording resumed: the recordings store answers again; everything held meanwhile is written.',
      });
      return;
    }
    this.gaps.push(gap);
    const missing = describeGap(gap);
    const message = `Recording interrupted: not recorded: ${missing}. The recordings store did not answer for longer than the bridge could hold this connection.`;
    this.options.log(`Recording ${this.recordingId} interrupted: not recorded: ${missing}`, 'warn');
    this.writer.tell({ type: 'resumed', detail: message });
    this.options.notify?.({ kind: 'recording', state: 'interrupted', message });
    this.writer.interrupted(message, [...this.gaps]);
  }
}

/** A size as people read it: "16 MiB", "2 KiB", "100 bytes". */
export function bytesInWords(bytes: number): string {
  if (bytes >= 2 ** 20) return `${+(bytes / 2 ** 20).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}
