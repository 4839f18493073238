import type { Frame } from '#shared/bridge-protocol.ts';
import { isViewFrame } from '#client/trace/trace-log.ts';

/** Repeats further apart than this stay on their own rows: their timing may be the point. */
const REPEAT_WINDOW_MS = 1000;

/** The rows to show, and how many repeated frames each shown row stands for. */
export interface CollapsedRows {
  indices: number[];
  /** By the shown frame's seq: how many frames its row stands for (2 or more). */
  counts: Map<number, number>;
}

/**
 * Folds runs of repeated notifications (same direction, within a second of the one before) into one row, marked
 * "×5": a server that sends five `notifications/tools/list_changed` at once shows one row. On the server's wire
 * only identical messages repeat. Between the page and a View a notification replaces the one before it (three
 * `ui/notifications/host-context-changed` while a window is resized, each with the new size), so there the
 * same method with the same params' keys repeats, and the row shows the newest.
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
        const count = (counts.get(first.seq) ?? 1) + 1;
        if (isViewFrame(frame)) {
          // The newest stands for the run: it holds the View's current context.
          counts.delete(first.seq);
          shown[shown.length - 1] = index;
          first = frame;
        }
        counts.set(first.seq, count);
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
    const same = repeatedNotification(previous, frame);
    this.verdicts.set(frame.seq, { previous: previous.seq, same });
    return same;
  }
}

type Notification = { method?: unknown; id?: unknown; params?: unknown };

function repeatedNotification(a: Frame, b: Frame): boolean {
  const first = a.message as Notification | undefined;
  const second = b.message as Notification | undefined;
  if (!first || !second || typeof second.method !== 'string' || 'id' in second || 'id' in first) return false;
  if (
    first.method !== second.method ||
    a.direction !== b.direction ||
    a.origin !== b.origin ||
    b.time - a.time > REPEAT_WINDOW_MS
  )
    return false;
  return isViewFrame(b)
    ? paramKeys(first) === paramKeys(second)
    : JSON.stringify(first) === JSON.stringify(second);
}

/** The sorted keys of a notification's params: what it is about, whatever the values. */
function paramKeys(message: Notification): string {
  const params = message.params;
  return params && typeof params === 'object' ? Object.keys(params).sort().join(',') : '';
}
