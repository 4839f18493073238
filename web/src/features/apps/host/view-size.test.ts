import { describe, expect, it } from 'vitest';
import {
  containerOf,
  frameSize,
  MAX_INLINE_HEIGHT,
  MIN_AREA,
  PIP_SIZE,
  type SizeInputs,
} from './view-size.ts';

const inline = (patch: Partial<SizeInputs> = {}): SizeInputs => ({
  mode: 'inline',
  slotWidth: 800,
  slotHeight: 360,
  visibleHeight: 450,
  fixed: undefined,
  reported: {},
  ...patch,
});

describe('containerOf: what the View is told about its container', () => {
  it('inline: the Result’s width at most, and the height that can be seen at once', () => {
    expect(containerOf(inline())).toEqual({ maxWidth: 800, maxHeight: 450 });
    expect(containerOf(inline({ visibleHeight: 50 }))).toEqual({ maxWidth: 800, maxHeight: MIN_AREA });
  });

  it('a fixed size from the host controls, full screen and pip are fixed', () => {
    expect(containerOf(inline({ fixed: { width: 390, height: 844 } }))).toEqual({
      width: 390,
      maxHeight: 844,
    });
    expect(containerOf(inline({ mode: 'fullscreen', slotHeight: 760 }))).toEqual({ width: 800, height: 760 });
    expect(containerOf(inline({ mode: 'pip' }))).toEqual(PIP_SIZE);
  });

  it('nothing while hidden (another Result tab shows)', () => {
    expect(containerOf(inline({ slotWidth: 0 }))).toBeUndefined();
  });
});

describe('frameSize: the frame follows what the View asks, within its container', () => {
  it('takes the height asked for: up to a fixed size’s height, or whole in the Result (which scrolls)', () => {
    expect(frameSize(inline({ reported: { height: 300 } }))).toEqual({ width: '100%', height: '300px' });
    expect(frameSize(inline({ reported: { height: 900 } }))).toEqual({ width: '100%', height: '900px' });
    expect(frameSize(inline({ reported: { height: 9000 } })).height).toBe(`${MAX_INLINE_HEIGHT}px`);
    expect(frameSize(inline({ reported: { height: 1 } })).height).toBe('40px');
    expect(frameSize(inline({ fixed: { width: 390, height: 844 }, reported: { height: 1200 } })).height).toBe(
      '844px',
    );
  });

  it('honours a narrower width the View asks for, unless the width is fixed', () => {
    expect(frameSize(inline({ reported: { width: 320, height: 200 } })).width).toBe('320px');
    expect(frameSize(inline({ reported: { width: 2000 } })).width).toBe('100%');
    expect(frameSize(inline({ fixed: { width: 390, height: 844 }, reported: { width: 320 } })).width).toBe(
      '390px',
    );
  });

  it('fills its box full screen and in pip', () => {
    expect(frameSize(inline({ mode: 'fullscreen' }))).toEqual({ width: '100%', height: '100%' });
  });
});
