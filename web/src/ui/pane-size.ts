/** The sizes, in CSS pixels, one pane of a split may take right now. */
export interface PaneLimits {
  min: number;
  max: number;
}

/** What a split asks of its panes, whatever the size of the window. */
export interface PaneBounds {
  /** The smallest size of the pane the separator resizes. */
  min: number;
  /** Its largest size, if it has one beyond what the other pane leaves. */
  max?: number;
  /** The smallest size the other pane keeps. */
  minOther: number;
}

/** Which side of the separator the resized pane is on, and which way the separator lies. */
export interface SplitGeometry {
  /** 'row': panes side by side (a vertical separator); 'column': panes stacked. */
  direction: 'row' | 'column';
  /** 'start': the pane left of (or above) the separator; 'end': right of (or below) it. */
  resized: 'start' | 'end';
}

/** Pixels one arrow key moves the separator; with Shift, `BIG_STEP`. */
export const STEP = 16;
export const BIG_STEP = 64;

/**
 * The limits of the resized pane in a split `available` pixels long (the separator left out). When the
 * window is too small for both minimums, the resized pane keeps its own and the other pane gives way.
 */
export function paneLimits(available: number, bounds: PaneBounds): PaneLimits {
  const roomLeft = Math.floor(available - bounds.minOther);
  const max = Math.max(bounds.min, Math.min(bounds.max ?? Number.POSITIVE_INFINITY, roomLeft));
  return { min: bounds.min, max };
}

/** `size` brought within `limits`, in whole pixels. A size that is not a number gives the minimum. */
export function clampPaneSize(size: number, limits: PaneLimits): number {
  if (!Number.isFinite(size)) return limits.min;
  return Math.round(Math.min(limits.max, Math.max(limits.min, size)));
}

/**
 * The size after a key press on the separator (the WAI-ARIA window splitter pattern), or undefined for a key
 * it does not handle. Arrow keys along the split move the separator the way they point, so they grow a start
 * pane and shrink an end pane; Home gives the pane its smallest size and End its largest.
 */
export function sizeAfterKey(
  size: number,
  key: { key: string; shiftKey?: boolean },
  geometry: SplitGeometry,
  limits: PaneLimits,
): number | undefined {
  if (key.key === 'Home') return limits.min;
  if (key.key === 'End') return limits.max;
  const [back, forward] =
    geometry.direction === 'row' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (key.key !== back && key.key !== forward) return undefined;
  const step = key.shiftKey ? BIG_STEP : STEP;
  const towardEnd = key.key === forward ? step : -step;
  return clampPaneSize(size + (geometry.resized === 'start' ? towardEnd : -towardEnd), limits);
}

/**
 * The size while dragging: `startSize` when the drag began, moved by `delta` pixels along the split
 * (positive toward the end: right or down).
 */
export function sizeAfterDrag(
  startSize: number,
  delta: number,
  geometry: SplitGeometry,
  limits: PaneLimits,
): number {
  return clampPaneSize(startSize + (geometry.resized === 'start' ? delta : -delta), limits);
}

/** A stored size read back: a positive finite number, else undefined (never stored, or damaged). */
export function readStoredSize(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * A chosen size as it is kept: its share of the length available when it was chosen. A width dragged in a
 * 1920 px window then fits a 1280 px one in proportion, instead of leaving the other pane a sliver.
 */
export interface StoredPaneSize {
  share: number;
}

/** What to keep for `size` pixels of `available`. */
export function toStoredSize(size: number, available: number): StoredPaneSize | undefined {
  return available > 0 && Number.isFinite(size) ? { share: size / available } : undefined;
}

/**
 * The size, in pixels of `available`, of what was kept (a share, 0 < share < 1); undefined for nothing kept, a
 * damaged value, or the bare pixels older versions kept (they were the cause of absurd panes in another window
 * size: the default is better). The caller still clamps it to the split's limits.
 */
export function sizeFromStored(value: unknown, available: number): number | undefined {
  if (typeof value !== 'object' || value === null || !('share' in value)) return undefined;
  const { share } = value as { share: unknown };
  return typeof share === 'number' && share > 0 && share < 1 ? share * available : undefined;
}
