import type { Frame } from '#shared/bridge-protocol.ts';
import type { SetupSpan } from '#client/trace/trace-setup.ts';

/**
 * A row of the trace list: a frame's index (0 or more), or a connect's folded setup, written as a negative
 * number (`setupItem`), so the virtual list keeps plain numbers.
 */
export type TraceItem = number;

/** The list item of a setup span's row. */
export function setupItem(span: SetupSpan): TraceItem {
  return -span.id - 1;
}

/** The span id of a setup row's item, undefined for a frame's index. */
export function setupIdOf(item: TraceItem): number | undefined {
  return item < 0 ? -item - 1 : undefined;
}

/**
 * Puts one row for each finished connect setup where its first frame was, and drops its frames, unless the user
 * opened that setup (`expanded`): then its frames follow the row, in place. Frames that are not shown (filtered
 * out) do not bring a setup row either.
 */
export function foldSetups(
  frames: readonly Frame[],
  indices: readonly number[],
  spanOf: (seq: number) => SetupSpan | undefined,
  expanded: ReadonlySet<number>,
): { items: TraceItem[]; spans: Map<number, SetupSpan> } {
  const items: TraceItem[] = [];
  const spans = new Map<number, SetupSpan>();
  for (const index of indices) {
    const span = spanOf(frames[index]!.seq);
    if (!span) {
      items.push(index);
      continue;
    }
    if (!spans.has(span.id)) {
      spans.set(span.id, span);
      items.push(setupItem(span));
    }
    if (expanded.has(span.id)) items.push(index);
  }
  return { items, spans };
}
