import { describe, expect, it } from 'vitest';
import {
  BIG_STEP,
  clampPaneSize,
  paneLimits,
  readStoredSize,
  sizeFromStored,
  toStoredSize,
  sizeAfterDrag,
  sizeAfterKey,
  STEP,
  type SplitGeometry,
} from './pane-size.ts';

const columns: SplitGeometry = { direction: 'row', resized: 'start' };
const rightColumn: SplitGeometry = { direction: 'row', resized: 'end' };
const bottomPane: SplitGeometry = { direction: 'column', resized: 'end' };
const limits = { min: 100, max: 500 };

describe('paneLimits', () => {
  it('leaves the other pane its minimum', () => {
    expect(paneLimits(1000, { min: 180, minOther: 600 })).toEqual({ min: 180, max: 400 });
  });

  it('keeps a maximum of its own when the window leaves more room', () => {
    expect(paneLimits(2000, { min: 180, max: 560, minOther: 600 })).toEqual({ min: 180, max: 560 });
  });

  it('lets the other pane give way when the window is too small for both', () => {
    expect(paneLimits(500, { min: 180, minOther: 600 })).toEqual({ min: 180, max: 180 });
    expect(paneLimits(0, { min: 96, minOther: 200 })).toEqual({ min: 96, max: 96 });
  });
});

describe('clampPaneSize', () => {
  it('keeps sizes within the limits, in whole pixels', () => {
    expect(clampPaneSize(50, limits)).toBe(100);
    expect(clampPaneSize(900, limits)).toBe(500);
    expect(clampPaneSize(250.6, limits)).toBe(251);
  });

  it('gives the minimum for a size that is not a number', () => {
    expect(clampPaneSize(Number.NaN, limits)).toBe(100);
    expect(clampPaneSize(Number.POSITIVE_INFINITY, limits)).toBe(100);
  });
});

describe('sizeAfterKey', () => {
  it('moves a vertical separator the way the arrow points', () => {
    expect(sizeAfterKey(200, { key: 'ArrowRight' }, columns, limits)).toBe(200 + STEP);
    expect(sizeAfterKey(200, { key: 'ArrowLeft' }, columns, limits)).toBe(200 - STEP);
    // The pane right of the separator grows when the separator moves left.
    expect(sizeAfterKey(200, { key: 'ArrowLeft' }, rightColumn, limits)).toBe(200 + STEP);
    expect(sizeAfterKey(200, { key: 'ArrowRight' }, rightColumn, limits)).toBe(200 - STEP);
  });

  it('uses up and down for a horizontal separator, and ignores the other arrows', () => {
    expect(sizeAfterKey(200, { key: 'ArrowUp' }, bottomPane, limits)).toBe(200 + STEP);
    expect(sizeAfterKey(200, { key: 'ArrowDown' }, bottomPane, limits)).toBe(200 - STEP);
    expect(sizeAfterKey(200, { key: 'ArrowLeft' }, bottomPane, limits)).toBeUndefined();
    expect(sizeAfterKey(200, { key: 'ArrowUp' }, columns, limits)).toBeUndefined();
  });

  it('takes bigger steps with Shift', () => {
    expect(sizeAfterKey(200, { key: 'ArrowRight', shiftKey: true }, columns, limits)).toBe(200 + BIG_STEP);
  });

  it('goes to the smallest size with Home and the largest with End', () => {
    expect(sizeAfterKey(200, { key: 'Home' }, rightColumn, limits)).toBe(100);
    expect(sizeAfterKey(200, { key: 'End' }, rightColumn, limits)).toBe(500);
  });

  it('stops at the limits', () => {
    expect(sizeAfterKey(495, { key: 'ArrowRight' }, columns, limits)).toBe(500);
    expect(sizeAfterKey(105, { key: 'ArrowLeft' }, columns, limits)).toBe(100);
  });

  it('handles no other key', () => {
    expect(sizeAfterKey(200, { key: 'Enter' }, columns, limits)).toBeUndefined();
    expect(sizeAfterKey(200, { key: 'a' }, columns, limits)).toBeUndefined();
  });
});

describe('sizeAfterDrag', () => {
  it('follows the pointer: a start pane grows toward the end, an end pane shrinks', () => {
    expect(sizeAfterDrag(200, 40, columns, limits)).toBe(240);
    expect(sizeAfterDrag(200, 40, rightColumn, limits)).toBe(160);
    expect(sizeAfterDrag(200, -40, bottomPane, limits)).toBe(240);
  });

  it('stops at the limits however far the pointer goes', () => {
    expect(sizeAfterDrag(200, 10_000, columns, limits)).toBe(500);
    expect(sizeAfterDrag(200, 10_000, rightColumn, limits)).toBe(100);
  });
});

describe('readStoredSize', () => {
  it('accepts a positive number and nothing else', () => {
    expect(readStoredSize(320)).toBe(320);
    for (const bad of [undefined, null, 0, -5, Number.NaN, '320', {}])
      expect(readStoredSize(bad)).toBeUndefined();
  });
});

describe('sizeFromStored / toStoredSize', () => {
  it('keeps a chosen size as its share, so it fits another window in proportion', () => {
    const kept = toStoredSize(600, 1200);
    expect(kept).toEqual({ share: 0.5 });
    expect(sizeFromStored(kept, 1200)).toBe(600);
    expect(sizeFromStored(kept, 800)).toBe(400);
  });

  it('ignores bare pixels of older versions and damaged values (the default applies)', () => {
    for (const bad of [320, undefined, null, {}, { share: 0 }, { share: 1.5 }, { share: '0.5' }])
      expect(sizeFromStored(bad, 1000)).toBeUndefined();
    expect(toStoredSize(100, 0)).toBeUndefined();
  });
});
