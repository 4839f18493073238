import type { RecordedEvent } from '#shared/recordings.ts';
import type { FrameTexts } from './recording-store.ts';

/** What one store write takes: the frames (as the store's texts) and events gathered since the last. */
export interface TakenBatch {
  frames: FrameTexts | undefined;
  events: RecordedEvent[];
  /** The bytes counted for the batch (what a store outage holds in memory). */
  bytes: number;
}

/**
 * The frames and events of one recording waiting for their write: the JSON of each frame (built once,
 * by the frame stamper) with the first's seq and the last's seq and time, the events, and their bytes.
 */
export class WriteBatch {
  private frames: string[] = [];
  private firstSeq = 0;
  private lastSeq = 0;
  private lastTime = 0;
  private events: RecordedEvent[] = [];
  /** Bytes waiting: each frame's, and an event's when it was counted (see {@link addEvent}). */
  bytes = 0;

  /** Frames and events waiting. */
  get size(): number {
    return this.frames.length + this.events.length;
  }

  addFrame(seq: number, time: number, text: string, bytes: number): void {
    if (!this.frames.length) this.firstSeq = seq;
    this.frames.push(text);
    this.lastSeq = seq;
    this.lastTime = time;
    this.bytes += bytes;
  }

  /** Adds an event; `bytes` counts it toward {@link bytes} (the writer counts events only while the store is held). */
  addEvent(entry: RecordedEvent, bytes = 0): void {
    this.events.push(entry);
    this.bytes += bytes;
  }

  /** Everything waiting, for one write, and an empty batch for what comes next; undefined when nothing waits. */
  take(): TakenBatch | undefined {
    if (!this.size) return undefined;
    const taken: TakenBatch = {
      frames: this.frames.length
        ? { firstSeq: this.firstSeq, lastSeq: this.lastSeq, lastTime: this.lastTime, texts: this.frames }
        : undefined,
      events: this.events,
      bytes: this.bytes,
    };
    this.clear();
    return taken;
  }

  clear(): void {
    this.frames = [];
    this.events = [];
    this.bytes = 0;
  }
}
