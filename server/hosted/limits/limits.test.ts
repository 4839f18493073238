import { describe, expect, it } from 'vitest';
import { RateWindow } from './rate-window.ts';
import { isLimitHit, ConnectionSlots } from './connection-slots.ts';
import { UserSockets } from './user-sockets.ts';

const limits = {
  connectionsPerUser: 2,
  connectionsTotal: 3,
  stdioProcessesTotal: 1,
  maxMessageBytes: 1024,
  idleConnectionSeconds: 0,
  toolCallsPerMinute: 2,
  sendBytesPerMinute: 1024,
  socketsPerUser: 2,
  recordingBytesPerUser: 0,
  recordedFrameBytes: 0,
};

describe('ConnectionSlots', () => {
  it('counts sessions per user, in total and stdio children, and gives places back once', () => {
    const slots = new ConnectionSlots(limits);
    const a1 = slots.take('alice', 'stdio');
    expect(isLimitHit(a1)).toBe(false);
    const a2 = slots.take('alice', 'stdio');
    expect(isLimitHit(a2) && a2.limit).toEqual({ limit: 'stdioProcessesTotal', value: 1 });
    expect(isLimitHit(slots.take('alice', 'http'))).toBe(false);
    const a3 = slots.take('alice', 'http');
    expect(isLimitHit(a3) && a3.message).toBe(
      'Limit reached: at most 2 open connections per user (limits.connectionsPerUser): you already have 2 open; disconnect one (in another of your tabs) and connect again.',
    );
    expect(isLimitHit(slots.take('bob', 'sse'))).toBe(false);
    const full = slots.take('carol', 'http');
    expect(isLimitHit(full) && full.limit.limit).toBe('connectionsTotal');
    if (isLimitHit(a1)) throw new Error('expected a slot');
    a1.release();
    a1.release();
    expect(slots.connections).toBe(2);
    expect(slots.childProcesses).toBe(0);
    expect(isLimitHit(slots.take('carol', 'stdio'))).toBe(false);
  });
});

describe('UserSockets', () => {
  it("counts each user's sockets against the limit and gives a place back once", () => {
    const sockets = new UserSockets(2);
    const first = sockets.take('alice');
    expect(isLimitHit(sockets.take('alice'))).toBe(false);
    const third = sockets.take('alice');
    expect(isLimitHit(third) && third.message).toMatch(
      /^Limit reached: at most 2 open pages .*you already have 2 open/,
    );
    expect(isLimitHit(sockets.take('bob'))).toBe(false);
    if (isLimitHit(first)) throw new Error('expected a slot');
    first.release();
    first.release(); // a second release gives back nothing more
    expect(isLimitHit(sockets.take('alice'))).toBe(false);
    expect(isLimitHit(sockets.take('alice'))).toBe(true);
  });
});

describe('RateWindow', () => {
  it('allows `limit` events in any window, per key, and says when the next one fits', () => {
    const window = new RateWindow(2, 60_000);
    expect(window.take('alice', 0).ok).toBe(true);
    expect(window.take('alice', 10_000).ok).toBe(true);
    expect(window.take('alice', 20_000)).toEqual({ ok: false, retryAfterMs: 40_000 });
    expect(window.take('bob', 20_000).ok).toBe(true);
    expect(window.take('alice', 60_001).ok).toBe(true);
    expect(window.take('alice', 60_002)).toEqual({ ok: false, retryAfterMs: 9_998 });
  });
});
