import type { RecordingGap } from '#shared/recordings.ts';

/**
 * Counts what a recording lets go while its store does not answer and the bytes it may hold are
 * used up: frames (by seq) and bridge events, with their times, until {@link take} closes the gap.
 */
export class GapCounter {
  private gap: RecordingGap | undefined;

  get open(): boolean {
    return this.gap !== undefined;
  }

  frame(seq: number, time: number, bytes: number): void {
    const gap = this.start(time);
    gap.fromSeq ??= seq;
    gap.toSeq = seq;
    gap.frames++;
    gap.bytes += bytes;
  }

  event(time: number): void {
    this.start(time).events++;
  }

  /** The gap so far, closed: what comes next is recorded again. */
  take(): RecordingGap | undefined {
    const gap = this.gap;
    this.gap = undefined;
    return gap;
  }

  private start(time: number): RecordingGap {
    this.gap ??= { frames: 0, events: 0, bytes: 0, from: time, to: time };
    this.gap.to = Math.max(this.gap.to, time);
    return this.gap;
  }
}

/** A gap in words, for the user, the log and the replay: what is missing and when it was sent. */
export function describeGap(gap: RecordingGap): string {
  const parts = [
    gap.frames ? `${plural(gap.frames, 'frame')} (seq ${gap.fromSeq}–${gap.toSeq})` : '',
    gap.events ? plural(gap.events, 'bridge event') : '',
  ].filter(Boolean);
  const span = `${new Date(gap.from).toISOString()} to ${new Date(gap.to).toISOString()}`;
  return `${parts.join(' and ')} from ${span}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
