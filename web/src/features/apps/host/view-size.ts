import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { ContainerDimensions } from './host-context.ts';

/** The frame's height before the View says how tall it is. */
export const DEFAULT_HEIGHT = 360;
/** The smallest height a View may ask for (a frame of 0 px could not be seen to be there). */
export const MIN_HEIGHT = 40;
/** The smallest area an inline View is told it may take, however small the Result is. */
export const MIN_AREA = 200;
/** The tallest an inline View in the Result may grow (the Result scrolls around it). */
export const MAX_INLINE_HEIGHT = 2000;
/** A picture-in-picture View's fixed size. */
export const PIP_SIZE = { width: 400, height: 300 } as const;

/** What decides a View's container: how it is shown, the room it has, a fixed size chosen, what it asked. */
export interface SizeInputs {
  mode: McpUiDisplayMode;
  /** The slot's width, 0 while hidden. */
  slotWidth: number;
  /** The slot's height (full screen and pip fill it). */
  slotHeight: number;
  /** The height of the Result's visible area the View sits in (inline). */
  visibleHeight: number;
  /** A fixed container size from the host controls (phone, tablet…); undefined: the Result's width. */
  fixed: { width: number; height: number } | undefined;
  /** What the View last reported (`ui/notifications/size-changed`). */
  reported: { width?: number; height?: number };
}

/**
 * The container as the View is told it (`containerDimensions`): full screen and pip are fixed sizes; inline,
 * a fixed size from the host controls is a fixed width with that height at most; else the width is the most
 * the Result has (the View may ask for less) and the height at most what can be seen of the Result at once.
 * Undefined while the View is hidden (another Result tab shows): its last size stands.
 */
export function containerOf(inputs: SizeInputs): ContainerDimensions | undefined {
  if (!(inputs.slotWidth > 0)) return undefined;
  if (inputs.mode === 'fullscreen') return { width: inputs.slotWidth, height: inputs.slotHeight };
  if (inputs.mode === 'pip') return { ...PIP_SIZE };
  if (inputs.fixed) return { width: inputs.fixed.width, maxHeight: inputs.fixed.height };
  return { maxWidth: inputs.slotWidth, maxHeight: Math.max(inputs.visibleHeight, MIN_AREA) };
}

/**
 * The frame's CSS size for the container: inline, as tall as the View asked and as wide as it asked when the
 * width is not fixed; full screen and pip fill their box. A fixed size caps the height at its own; in the
 * Result the cap is {@link MAX_INLINE_HEIGHT}, not the visible height the View is told: a View that asks
 * for more than can be seen at once is shown whole, and the Result scrolls (the lenient host's way).
 */
export function frameSize(inputs: SizeInputs): { width: string; height: string } {
  if (inputs.mode !== 'inline') return { width: '100%', height: '100%' };
  const maxHeight = inputs.fixed ? inputs.fixed.height : MAX_INLINE_HEIGHT;
  const asked = finite(inputs.reported.height) ?? DEFAULT_HEIGHT;
  const height = Math.round(Math.min(Math.max(asked, MIN_HEIGHT), maxHeight));
  if (inputs.fixed) return { width: `${inputs.fixed.width}px`, height: `${height}px` };
  const width = finite(inputs.reported.width);
  // A View that asks for less than the Result's width gets it; asking for more (or nothing) fills the width.
  const narrower = width !== undefined && inputs.slotWidth > 0 && width < inputs.slotWidth;
  return { width: narrower ? `${Math.max(Math.round(width), MIN_HEIGHT)}px` : '100%', height: `${height}px` };
}

function finite(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The height of the scrolling area around `element` that can be seen at once (the Result's body). */
export function visibleHeightAround(element: HTMLElement | null): number {
  for (let parent = element?.parentElement; parent; parent = parent.parentElement) {
    const overflow = getComputedStyle(parent).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && parent.clientHeight > 0)
      return parent.clientHeight - 48; // the View's bar and the panel's padding
  }
  return typeof window === 'undefined' ? 600 : window.innerHeight - 80;
}
