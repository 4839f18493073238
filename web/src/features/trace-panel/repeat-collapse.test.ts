import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { RepeatCollapse } from './repeat-collapse.ts';

const changed = { jsonrpc: '2.0', method: 'notifications/tools/list_changed' };
const at = (seq: number, time: number, message: unknown, direction: Frame['direction'] = 'in'): Frame => ({
  seq,
  direction,
  time,
  bytes: 1,
  message: message as Frame['message'],
});

describe('RepeatCollapse', () => {
  it('folds identical notifications within a second into the first row, with their count', () => {
    const frames = [
      at(0, 0, { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      ...[1, 2, 3, 4, 5].map((seq) => at(seq, 10 + seq, changed)),
      at(6, 20, { jsonrpc: '2.0', id: 1, result: { tools: [] } }),
    ];
    const rows = new RepeatCollapse().collapse(frames, [0, 1, 2, 3, 4, 5, 6]);
    expect(rows.indices).toEqual([0, 1, 6]);
    expect(rows.counts.get(1)).toBe(5);
  });

  it('keeps apart what differs: params, direction, requests, and repeats more than a second apart', () => {
    const progress = (seq: number, value: number) =>
      at(seq, seq, { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: value } });
    const collapse = new RepeatCollapse();
    expect(collapse.collapse([progress(0, 1), progress(1, 2)], [0, 1]).indices).toEqual([0, 1]);
    expect(collapse.collapse([at(0, 0, changed), at(1, 1, changed, 'out')], [0, 1]).indices).toEqual([0, 1]);
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect(collapse.collapse([at(0, 0, ping), at(1, 1, ping)], [0, 1]).indices).toEqual([0, 1]);
    expect(collapse.collapse([at(0, 0, changed), at(1, 5000, changed)], [0, 1]).indices).toEqual([0, 1]);
  });

  it('gives the same answer when asked again, and returns the same array when nothing folds', () => {
    const collapse = new RepeatCollapse();
    const frames = [at(0, 0, changed), at(1, 1, changed), at(2, 2, changed)];
    expect(collapse.collapse(frames, [0, 1, 2]).counts.get(0)).toBe(3);
    expect(collapse.collapse(frames, [0, 2]).counts.get(0)).toBe(2);
    const indices = [0];
    expect(collapse.collapse(frames, indices).indices).toBe(indices);
  });

  it("folds a View's context changes of one kind into the newest, but not the server's differing ones", () => {
    const context = (seq: number, width: number) =>
      at(
        seq,
        seq,
        {
          jsonrpc: '2.0',
          method: 'ui/notifications/host-context-changed',
          params: { containerDimensions: { width } },
        },
        'to-view',
      );
    const theme = at(
      3,
      3,
      {
        jsonrpc: '2.0',
        method: 'ui/notifications/host-context-changed',
        params: { theme: 'dark' },
      },
      'to-view',
    );
    const frames = [context(0, 500), context(1, 510), context(2, 520), theme];
    const rows = new RepeatCollapse().collapse(frames, [0, 1, 2, 3]);
    // The row shows the last size sent, and the theme change (another kind of context) keeps its own row.
    expect(rows.indices).toEqual([2, 3]);
    expect(rows.counts.get(2)).toBe(3);
    expect(rows.counts.has(0)).toBe(false);
    // The same differing params on the server's wire stay apart (see progress above).
    const server = frames.map((frame) => ({ ...frame, direction: 'in' as const }));
    expect(new RepeatCollapse().collapse(server, [0, 1, 2, 3]).indices).toEqual([0, 1, 2, 3]);
  });
});
