import type { Frame, FrameDirection } from '#shared/bridge-protocol.ts';

/** What the trace shows. Empty fields mean "any". */
export interface TraceFilter {
  text: string;
  direction: FrameDirection | 'any';
  errorsOnly: boolean;
  /** Exact method name, or '' for all. */
  method: string;
  /** Only the frames of calls a model or a View asked for; absent for all frames. */
  origin?: NonNullable<Frame['origin']>;
}

export const EMPTY_FILTER: TraceFilter = { text: '', direction: 'any', errorsOnly: false, method: '' };

/** True when the frame is an error: a JSON-RPC error response or a frame that could not be read. */
export function isErrorFrame(frame: Frame): boolean {
  return frame.error !== undefined || (frame.message !== undefined && 'error' in frame.message);
}

/** The frame's method; responses report the method of their request when `methodOf` knows it. */
export function frameMethod(frame: Frame): string | undefined {
  const method = (frame.message as { method?: unknown } | undefined)?.method;
  return typeof method === 'string' ? method : undefined;
}

/**
 * Returns the indices of the frames that pass the filter. Each frame's searchable text is built
 * once and cached, so typing in the filter box stays fast with 100,000 frames.
 */
export class TraceSearch {
  private texts: (string | undefined)[] = [];
  private last:
    { frames: readonly Frame[]; filter: TraceFilter; scanned: number; result: number[] } | undefined;

  /**
   * Like {@link matches}, but when only new frames arrived since the last call with the same
   * filter, scans just those: appending to a 100,000-frame trace costs what the new frames cost.
   */
  update(frames: readonly Frame[], filter: TraceFilter): number[] {
    const last = this.last;
    if (last && last.frames === frames && last.filter === filter && frames.length >= last.scanned) {
      if (frames.length > last.scanned) {
        last.result = [...last.result, ...this.matches(frames, filter, last.scanned)];
        last.scanned = frames.length;
      }
      return last.result;
    }
    const result = this.matches(frames, filter);
    this.last = { frames, filter, scanned: frames.length, result };
    return result;
  }

  matches(frames: readonly Frame[], filter: TraceFilter, from = 0): number[] {
    const needle = filter.text.trim().toLowerCase();
    const result: number[] = [];
    for (let index = from; index < frames.length; index++) {
      const frame = frames[index]!;
      if (filter.direction !== 'any' && frame.direction !== filter.direction) continue;
      if (filter.errorsOnly && !isErrorFrame(frame)) continue;
      if (filter.method && frameMethod(frame) !== filter.method) continue;
      if (filter.origin && frame.origin !== filter.origin) continue;
      if (needle && !this.textOf(frame, index).includes(needle)) continue;
      result.push(index);
    }
    return result;
  }

  /** Forgets cached texts (after the trace is cleared). */
  reset(): void {
    this.texts = [];
    this.last = undefined;
  }

  private textOf(frame: Frame, index: number): string {
    let text = this.texts[index];
    if (text === undefined) {
      text = (
        frame.message ? JSON.stringify(frame.message) : (frame.raw ?? '') + ' ' + (frame.error ?? '')
      ).toLowerCase();
      this.texts[index] = text;
    }
    return text;
  }
}

/** Method names seen in the trace, sorted, for the method picker. */
export function methodsIn(frames: readonly Frame[], limit = 200): string[] {
  const methods = new Set<string>();
  for (const frame of frames) {
    const method = frameMethod(frame);
    if (method) methods.add(method);
    if (methods.size >= limit) break;
  }
  return [...methods].sort();
}
