import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { recordedSetup } from './recorded-setup.ts';
import { TraceLog } from './trace-log.ts';

let seq = 0;
const out = (message: Record<string, unknown>): Frame => ({
  seq: seq++,
  direction: 'out',
  time: seq * 100,
  bytes: 1,
  message: { jsonrpc: '2.0', ...message } as Frame['message'],
});
const inn = (message: Record<string, unknown>): Frame => ({ ...out(message), direction: 'in' });

const server = { protocolVersion: '2026-07-28', era: 'modern' } as never;
const target = { transport: 'stdio' as const, command: 'node', args: ['demo.js'] };

/** The built-in demo's connect as a recording holds it, then a call, then a log line. */
function demoRecording(): Frame[] {
  seq = 0;
  return [
    out({ id: 'server-discover-probe-1', method: 'server/discover', params: {} }),
    inn({ id: 'server-discover-probe-1', result: { supportedVersions: ['2026-07-28'] } }),
    out({ id: 0, method: 'subscriptions/listen', params: {} }),
    out({ id: 1, method: 'tools/list', params: {} }),
    inn({ method: 'notifications/message', params: { level: 'info', data: 'booted' } }),
    inn({ id: 1, result: { tools: [] } }),
    out({ id: 2, method: 'tools/call', params: { name: 'echo', arguments: {} } }),
    inn({ id: 2, result: { content: [] } }),
    inn({ id: 0, result: {} }), // the listen's late answer
    inn({ method: 'notifications/message', params: { level: 'info', data: 'later' } }),
  ];
}

describe('recordedSetup', () => {
  it("finds a recording's connect setup: until the first call, with late answers, words as live", () => {
    const frames = demoRecording();
    const setup = recordedSetup(frames, { target, server })!;
    expect(setup.frames.map((frame) => frame.seq)).toEqual([0, 1, 2, 3, 4, 5, 8]);
    // Nothing in the frames shows a probe (no liveness check, no fallback): the revision alone, not "Auto chose".
    expect(setup).toMatchObject({ note: '2026-07-28', probed: false });
    expect(recordedSetup(frames, { target: { ...target, era: 'modern' }, server })?.note).toBe(
      'modern era, 2026-07-28',
    );
  });

  it("says Auto chose when the frames show its probe (a liveness check, or a legacy server's fallback)", () => {
    seq = 0;
    const legacy = { protocolVersion: '2025-11-25', era: 'legacy' } as never;
    const frames = [
      out({ id: 'server-discover-probe-1', method: 'server/discover', params: {} }),
      out({ id: 'toolscope-liveness', method: 'ping' }),
      inn({ id: 'toolscope-liveness', result: {} }),
      inn({ id: 'server-discover-probe-1', error: { code: -32601, message: 'Method not found' } }),
      out({ id: 0, method: 'initialize', params: {} }),
      inn({ id: 0, result: { protocolVersion: '2025-11-25' } }),
      out({ method: 'notifications/initialized' }),
      out({ id: 1, method: 'tools/list', params: {} }),
      inn({ id: 1, result: { tools: [], nextCursor: 'b' } }),
      out({ id: 2, method: 'tools/list', params: { cursor: 'b' } }), // the next page: still setup
      inn({ id: 2, result: { tools: [] } }),
      out({ id: 3, method: 'tools/list', params: {} }), // a fresh listing: the user's Refresh
      inn({ id: 3, result: { tools: [] } }),
    ];
    const setup = recordedSetup(frames, { target, server: legacy })!;
    expect(setup.frames.map((frame) => frame.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(setup).toMatchObject({ note: 'Auto chose 2025-11-25', probed: true });
  });

  it('folds nothing for a connect that never got ready, nor for an empty or odd recording', () => {
    seq = 0;
    const refused = [
      out({ id: 'server-discover-probe-1', method: 'server/discover', params: {} }),
      inn({ id: 'server-discover-probe-1', result: {} }),
      out({ id: 1, method: 'tools/list', params: {} }),
    ];
    expect(recordedSetup(refused, { target, server })).toBeUndefined();
    expect(recordedSetup([], { target: null, server: null })).toBeUndefined();
    seq = 0;
    const callFirst = [out({ id: 1, method: 'tools/call', params: {} }), inn({ id: 1, result: {} })];
    expect(recordedSetup(callFirst, { target, server })).toBeUndefined();
    const unreadable: Frame = { seq: 0, direction: 'in', time: 0, bytes: 3, raw: 'abc', error: 'Not JSON' };
    expect(recordedSetup([unreadable], { target, server })).toBeUndefined();
  });
});

describe('TraceLog.load', () => {
  it("folds a replay's setup into one row as live, and its discover answer is no probe", () => {
    const trace = new TraceLog((run) => run());
    const frames = demoRecording();
    trace.load(frames, { target, server });
    const span = trace.setups.of(0)!;
    expect(span).toMatchObject({
      done: true,
      note: '2026-07-28',
      probed: false,
      seqs: [0, 1, 2, 3, 4, 5, 8],
    });
    // The figure ends with the tool list's answer (ready), as live: the listen's late answer, which comes when
    // the connection ends, would have made a 0.5 s setup read as the whole session.
    expect(span.lastTime - span.firstTime).toBe(frames[5]!.time - frames[0]!.time);
    expect(trace.setups.probedAt(1)).toBe(false);
    expect(trace.setups.of(6)).toBeUndefined();
    // A session file without a server or target still loads, unfolded only if no setup is found.
    trace.load(frames);
    expect(trace.setups.of(0)).toBeUndefined();
  });
});
