import { describe, expect, it } from 'vitest';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { ServerNotice } from './notification-log.ts';
import { filterLogRows, formatData, mergeLogRows, summarizeParams, type LogKind } from './log-rows.ts';

const stderr = (time: number, line: string): TimedBridgeEvent => ({
  time,
  event: { kind: 'stderr', line, time },
});
const exited: TimedBridgeEvent = { time: 50, event: { kind: 'exited', code: 1, signal: null } };
const message = (id: number, time: number, level: string): ServerNotice => ({
  id,
  time,
  kind: 'log-message',
  level,
  data: `${level} message`,
});
const listChanged: ServerNotice = {
  id: 9,
  time: 25,
  kind: 'notification',
  method: 'notifications/tools/list_changed',
  params: undefined,
};

const all = new Set<LogKind>(['stderr', 'log-message', 'notification', 'connection']);

describe('log rows', () => {
  const rows = mergeLogRows(
    [stderr(10, 'booting'), stderr(30, 'ready'), exited],
    [message(1, 10, 'debug'), message(2, 20, 'error'), listChanged],
  );

  it('merges both logs in time order, bridge first on ties', () => {
    expect(rows.map((r) => [r.time, r.kind])).toEqual([
      [10, 'stderr'],
      [10, 'log-message'],
      [20, 'log-message'],
      [25, 'notification'],
      [30, 'stderr'],
      [50, 'connection'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    // Keys are stable across merges, so React keeps rows.
    expect(mergeLogRows([exited], []).map((r) => r.key)).toEqual([rows[5]!.key]);
  });

  it('filters by kind and by minimum level of log messages', () => {
    expect(filterLogRows(rows, { kinds: all, minimumLevel: 'warning' }).map((r) => r.time)).toEqual([
      10, 20, 25, 30, 50,
    ]);
    const onlyLogs = filterLogRows(rows, { kinds: new Set(['log-message']), minimumLevel: 'debug' });
    expect(onlyLogs.map((r) => r.time)).toEqual([10, 20]);
  });

  it('formats data and params as text, never markup', () => {
    expect(formatData('<b>x</b>')).toBe('<b>x</b>');
    expect(formatData({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(summarizeParams({ long: 'x'.repeat(400) }, 20)).toHaveLength(21);
    expect(summarizeParams(undefined)).toBe('');
    // Spaced between members, so the pane wraps there and not inside "progressToken" or 5; a line
    // break or a comma inside a string stays as it was.
    expect(summarizeParams({ progressToken: 1, progress: 5, message: 'a,b\nc', list: [1, 2] })).toBe(
      '{ "progressToken": 1, "progress": 5, "message": "a,b\\nc", "list": [ 1, 2 ] }',
    );
  });
});

describe('a refused connect', () => {
  it('is one line, though the probe and the connect each met it', () => {
    const refused = (time: number): TimedBridgeEvent => ({
      time,
      event: { kind: 'http-error', message: 'fetch failed: connect ECONNREFUSED 127.0.0.1:59999' },
    });
    const open: TimedBridgeEvent = { time: 1, event: { kind: 'connected', transport: 'http' } };
    const rows = mergeLogRows([open, refused(740), refused(832)], []);
    expect(rows.map((row) => row.time)).toEqual([1, 740]);
  });
});
