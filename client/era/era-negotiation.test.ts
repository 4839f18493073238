import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { effectiveEra, negotiationOptions, ProbeWatch } from './era-negotiation.ts';

const probeOut: Frame = {
  seq: 0,
  time: 100,
  direction: 'out',
  bytes: 1,
  message: { jsonrpc: '2.0', id: 'server-discover-probe-1', method: 'server/discover' },
};
const relayAnswer = (status: number): Frame => ({
  seq: 1,
  time: 130,
  direction: 'in',
  bytes: 1,
  synthetic: true,
  message: {
    jsonrpc: '2.0',
    id: 'server-discover-probe-1',
    error: { code: -32099, message: `Bridge: HTTP ${status}`, data: { status } },
  },
});

describe('era negotiation', () => {
  it('maps each era to the SDK options: legacy none, modern pinned, auto probing with a timeout', () => {
    expect(negotiationOptions('legacy', 'stdio')).toEqual({});
    expect(negotiationOptions('modern', 'http')).toEqual({
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    });
    expect(negotiationOptions('auto', 'stdio').versionNegotiation).toMatchObject({ mode: 'auto' });
  });

  it("gives Auto's probe each transport's own wait: stdio's, and HTTP's (check raises it for a headless sign-in)", () => {
    const waitOf = (options: ReturnType<typeof negotiationOptions>) =>
      (options.versionNegotiation as { probe: { timeoutMs: number } }).probe.timeoutMs;
    expect(waitOf(negotiationOptions('auto', 'stdio'))).toBe(10_000);
    expect(waitOf(negotiationOptions('auto', 'http'))).toBe(15_000);
    expect(waitOf(negotiationOptions('auto', 'sse', 1_000, 60_000))).toBe(60_000);
    expect(waitOf(negotiationOptions('auto', 'stdio', 1_000, 60_000))).toBe(1_000);
  });

  it('takes Auto with an older revision to offer for the legacy handshake', () => {
    expect(effectiveEra('auto', '2024-11-05')).toBe('legacy');
    expect(effectiveEra('auto', '2025-11-25')).toBe('auto');
    expect(effectiveEra('auto', undefined)).toBe('auto');
    expect(effectiveEra('modern', '2024-11-05')).toBe('modern');
  });

  it('stops the fallback only when the probe was refused for want of authorization', () => {
    for (const [status, stops] of [
      [401, true],
      [403, true],
      [500, false],
      [404, false],
    ] as const) {
      const watch = new ProbeWatch();
      watch.see(probeOut);
      watch.see(relayAnswer(status));
      expect(watch.outage() !== undefined, String(status)).toBe(stops);
      expect(watch.unansweredByServer()).toBe(true);
    }
  });

  it('knows a server is modern after all when the fallback was refused with -32022 or the probe answered late', () => {
    const watch = new ProbeWatch();
    watch.see(probeOut);
    watch.see({ ...probeOut, seq: 1, time: 200, message: { jsonrpc: '2.0', id: 0, method: 'initialize' } });
    expect(watch.modernAfterFallback(new Error('closed'))).toBe(false);
    expect(watch.modernAfterFallback({ code: -32022 })).toBe(true);
    watch.see({
      seq: 2,
      time: 300,
      direction: 'in',
      bytes: 1,
      message: {
        jsonrpc: '2.0',
        id: 'server-discover-probe-1',
        result: { supportedVersions: ['2026-07-28'] },
      },
    });
    expect(watch.modernAfterFallback(new Error('closed'))).toBe(true);
  });

  it('says what the probe found, with its time', () => {
    const watch = new ProbeWatch();
    watch.see(probeOut);
    watch.see({
      ...relayAnswer(0),
      synthetic: undefined,
      message: {
        jsonrpc: '2.0',
        id: 'server-discover-probe-1',
        error: { code: -32601, message: 'Method not found' },
      },
    });
    expect(watch.verdict('legacy', '2025-11-25')).toEqual({
      outcome: 'server/discover refused (-32601 Method not found): legacy handshake on the same process',
      ms: 30,
    });
    expect(new ProbeWatch().verdict('legacy', '2025-11-25')).toBeUndefined();
  });
});
