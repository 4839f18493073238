import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HostContextFeed,
  RESIZE_MAX_WAIT_MS,
  RESIZE_QUIET_MS,
  type HostContextChange,
} from './host-context-feed.ts';

function feedWith(size = { width: 600, maxHeight: 700 }) {
  const sent: HostContextChange[] = [];
  const initial: HostContextChange = {
    theme: 'light',
    displayMode: 'inline',
    containerDimensions: { width: 600, maxHeight: 700 },
  };
  const feed = new HostContextFeed(initial, {
    send: (change) => sent.push(change),
    container: () => (size.width > 0 ? { width: size.width, maxHeight: size.maxHeight } : undefined),
  });
  return { feed, sent, size };
}

describe('HostContextFeed: host-context-changed only when the context changed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends nothing before the View initialized, then only what changed since ui/initialize', () => {
    const { feed, sent, size } = feedWith();
    feed.change({ theme: 'dark' });
    feed.resized();
    vi.advanceTimersByTime(RESIZE_MAX_WAIT_MS * 2);
    expect(sent).toEqual([]);
    size.width = 640.4;
    feed.opened({ displayMode: 'inline', theme: 'light' });
    expect(sent).toEqual([{ containerDimensions: { width: 640, maxHeight: 700 } }]);
  });

  it('sends nothing when opened with the context the View already has', () => {
    const { feed, sent } = feedWith();
    feed.opened({ displayMode: 'inline', theme: 'light' });
    expect(sent).toEqual([]);
  });

  it('sends one size at the end of a burst of resizes, and none for an unchanged size', () => {
    const { feed, sent, size } = feedWith();
    feed.opened();
    for (let step = 0; step < 10; step++) {
      size.width = 600 + step * 10;
      feed.resized();
      vi.advanceTimersByTime(16);
    }
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(RESIZE_QUIET_MS);
    expect(sent).toEqual([{ containerDimensions: { width: 690, maxHeight: 700 } }]);
    // A dialog opens and closes: the container reports its size three times, unchanged.
    for (let step = 0; step < 3; step++) feed.resized();
    vi.advanceTimersByTime(RESIZE_QUIET_MS);
    expect(sent).toHaveLength(1);
  });

  it('bounds the wait: a resize that never stops still sends its size once per max wait', () => {
    const { feed, sent, size } = feedWith();
    feed.opened();
    const frames = Math.round((RESIZE_MAX_WAIT_MS * 3) / 50);
    for (let step = 1; step <= frames; step++) {
      size.width = 600 + step;
      feed.resized();
      vi.advanceTimersByTime(50);
    }
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.length).toBeLessThanOrEqual(3);
  });

  it('sends a theme change at once, with a waiting size, and a repeated theme not at all', () => {
    const { feed, sent, size } = feedWith();
    feed.opened();
    size.maxHeight = 500;
    feed.resized();
    feed.change({ theme: 'dark' });
    expect(sent).toEqual([{ theme: 'dark', containerDimensions: { width: 600, maxHeight: 500 } }]);
    vi.advanceTimersByTime(RESIZE_MAX_WAIT_MS);
    feed.change({ theme: 'dark', displayMode: 'inline' });
    expect(sent).toHaveLength(1);
    feed.change({ displayMode: 'fullscreen' });
    expect(sent.at(-1)).toEqual({ displayMode: 'fullscreen' });
  });

  it('keeps the last size while the View is hidden (width 0), and sends nothing after stop', () => {
    const { feed, sent, size } = feedWith();
    feed.opened();
    size.width = 0;
    feed.resized();
    vi.advanceTimersByTime(RESIZE_MAX_WAIT_MS);
    expect(sent).toEqual([]);
    size.width = 800;
    feed.resized();
    feed.stop();
    vi.advanceTimersByTime(RESIZE_MAX_WAIT_MS);
    feed.change({ theme: 'dark' });
    expect(sent).toEqual([]);
  });
});
