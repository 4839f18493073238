import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { EMPTY_FILTER, TraceSearch, methodsIn } from './trace-filter.ts';
import { TracePairs } from './trace-pairs.ts';

const frames: Frame[] = [
  {
    seq: 0,
    direction: 'out',
    time: 1000,
    bytes: 1,
    message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'Echo' } },
  },
  {
    seq: 1,
    direction: 'in',
    time: 1005,
    bytes: 1,
    message: { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
  },
  {
    seq: 2,
    direction: 'in',
    time: 1042,
    bytes: 1,
    message: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } },
  },
  { seq: 3, direction: 'in', time: 1050, bytes: 1, raw: 'garbage line', error: 'Not JSON' },
  {
    seq: 4,
    direction: 'in',
    time: 1060,
    bytes: 1,
    message: { jsonrpc: '2.0', id: 1, method: 'sampling/createMessage', params: {} },
  },
  { seq: 5, direction: 'out', time: 1090, bytes: 1, message: { jsonrpc: '2.0', id: 1, result: {} } },
];

describe('trace filter', () => {
  const search = new TraceSearch();
  it('filters by direction, errors, method and text (case-insensitive, raw lines included)', () => {
    expect(search.matches(frames, EMPTY_FILTER)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(search.matches(frames, { ...EMPTY_FILTER, direction: 'out' })).toEqual([0, 5]);
    expect(search.matches(frames, { ...EMPTY_FILTER, errorsOnly: true })).toEqual([2, 3]);
    expect(search.matches(frames, { ...EMPTY_FILTER, method: 'tools/call' })).toEqual([0]);
    const marked = frames.map((frame) => (frame.seq < 3 ? { ...frame, origin: 'model' as const } : frame));
    expect(search.matches(marked, { ...EMPTY_FILTER, origin: 'model' })).toEqual([0, 1, 2]);
    expect(search.matches(marked, { ...EMPTY_FILTER, origin: 'view' })).toEqual([]);
    expect(search.matches(frames, { ...EMPTY_FILTER, text: 'ECHO' })).toEqual([0]);
    expect(search.matches(frames, { ...EMPTY_FILTER, text: 'garbage' })).toEqual([3]);
  });

  it('lists the methods seen', () => {
    expect(methodsIn(frames)).toEqual(['notifications/progress', 'sampling/createMessage', 'tools/call']);
  });
});

describe('request/response pairing', () => {
  it('pairs by id and direction (same id used by both sides) and measures latency', () => {
    const pairs = new TracePairs();
    frames.forEach((f) => pairs.add(f));
    expect(pairs.of(0)).toEqual({ requestSeq: 0, responseSeq: 2, latencyMs: 42 });
    expect(pairs.of(2)).toBe(pairs.of(0));
    expect(pairs.of(4)).toEqual({ requestSeq: 4, responseSeq: 5, latencyMs: 30 });
    expect(pairs.of(1)).toBeUndefined();
  });
});

describe('incremental filtering', () => {
  it('scans only appended frames while the filter is unchanged', () => {
    const search = new TraceSearch();
    const live = frames.slice(0, 2);
    const filter = { ...EMPTY_FILTER, direction: 'in' as const };
    expect(search.update(live, filter)).toEqual([1]);
    live.push(...frames.slice(2));
    expect(search.update(live, filter)).toEqual([1, 2, 3, 4]);
    expect(search.update(live, { ...filter, direction: 'out' })).toEqual([0, 5]);
  });
});
