import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { SetupSpan } from '#client/trace/trace-setup.ts';
import { foldSetups, setupIdOf, setupItem } from './setup-fold.ts';
import { setupSummary } from './setup-row.tsx';

const frames: Frame[] = Array.from({ length: 6 }, (_, seq) => ({
  seq,
  direction: 'out',
  time: seq,
  bytes: 1,
}));
const span: SetupSpan = {
  id: 0,
  seqs: [0, 1, 2, 4],
  firstTime: 0,
  lastTime: 900,
  note: 'Auto chose 2026-07-28',
  done: true,
  probed: true,
};
const spanOf = (seq: number) => (span.seqs.includes(seq) ? span : undefined);

describe('foldSetups', () => {
  it("shows a connect's setup as one row where it began, its late answer included", () => {
    const { items, spans } = foldSetups(frames, [0, 1, 2, 3, 4, 5], spanOf, new Set());
    expect(items).toEqual([setupItem(span), 3, 5]);
    expect(setupIdOf(items[0]!)).toBe(0);
    expect(setupIdOf(3)).toBeUndefined();
    expect(spans.get(0)).toBe(span);
    expect(setupSummary(span)).toBe('Setup: Auto chose 2026-07-28 · 4 frames · 900 ms');
    // A known era reads as known, never as "Auto chose".
    expect(setupSummary({ ...span, note: '2026-07-28 (known)', probed: false })).toBe(
      'Setup: 2026-07-28 (known) · 4 frames · 900 ms',
    );
  });

  it('opens in place to every frame, and shows no row for a setup whose frames are all filtered out', () => {
    expect(foldSetups(frames, [0, 1, 2, 3, 4, 5], spanOf, new Set([0])).items).toEqual([
      setupItem(span),
      0,
      1,
      2,
      3,
      4,
      5,
    ]);
    expect(foldSetups(frames, [3, 5], spanOf, new Set()).items).toEqual([3, 5]);
  });
});
