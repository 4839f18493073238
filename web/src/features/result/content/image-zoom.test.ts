import { describe, expect, it } from 'vitest';
import { startingZoom } from './image-zoom.ts';

describe('startingZoom', () => {
  it('enlarges small images to at least about 64 px, in powers of two', () => {
    expect(startingZoom(20)).toBe(4);
    expect(startingZoom(32)).toBe(4);
    expect(startingZoom(48)).toBe(2);
    expect(startingZoom(64)).toBe(2);
  });

  it('leaves larger images, and images not measured yet, at 100%', () => {
    expect(startingZoom(65)).toBe(1);
    expect(startingZoom(512)).toBe(1);
    expect(startingZoom(undefined)).toBe(1);
    expect(startingZoom(0)).toBe(1);
  });
});
