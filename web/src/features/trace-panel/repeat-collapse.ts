import type { Frame } from '#shared/bridge-protocol.ts';

/** Repeats further apart than this stay on their own rows: their timing may be the point. */
const REPEAT_WINDOW_MS = 1000;

/** The rows to show, and how many identical frames each first row stands for. */
export interface CollapsedRows {
  indices: number[];
  /** By the first frame's seq: how many frames its row stands for (2 or more). */
  counts: Map<number, number>;
}

/**
 * Folds runs of identical notifications (same direction, same message, within a second of the one before) into
 * their first row, marked "×5": a server that sends five `notifications/tools/list_changed` at once shows one row.
 * Each frame's verdict is kept, so a long trace is compared once, not on every render.
 */
export class RepeatCollapse {
  private readonly verdicts = new Map<number, { previous: number; same: boolean }>();

  collapse(frames: readonly Frame[], indices: number[]): CollapsedRows {
    const counts = new Map<number, number>();
    const shown: number[] = [];
    let first: Frame | undefined;
    let previous: Frame | undefined;
    for (const index of indices) {
      const frame = frames[index]!;
      if (previous && first && this.repeats(previous, frame)) {
        counts.set(first.seq, (counts.get(first.seq) ?? 1) + 1);
      } else {
        shown.push(index);
        first = frame;
      }
      previous = frame;
    }
    return counts.size === 0 ? { indices, counts } : { indices: shown, counts };
  }

  /** Forgets every verdict (the trace was cleared). */
  reset(): void {
    this.verdicts.clear();
  }

  private repeats(previous: Frame, frame: Frame): boolean {
    const known = this.verdicts.get(frame.seq);
    if (known && known.previous === previous.seq) return known.same;
    const same = identicalNotifications(previous, frame);
    this.verdicts.set(frame.seq, { previous: previous.seq, same });
    return same;
  }
}

function identicalNotifications(a: Frame, b: Frame): boolean {
  const first = a.message as { method?: unknown; id?: unknown } | undefined;
  const second = b.message as { method?: unknown; id?: unknown } | undefined;
  if (!first || !second || typeof second.method !== 'string' || 'id' in second || 'id' in first) return false;
  return (
    first.method === second.method &&
    a.direction === b.direction &&
    a.origin === b.origin &&
    b.time - a.time <= REPEAT_WINDOW_MS &&
    JSON.stringify(a.message) === JSON.stringify(b.message)
  );
}
