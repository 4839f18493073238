import { describe, expect, it } from 'vitest';
import { CallHistory, type CallEntry } from './call-history.ts';

function call(id: number): CallEntry {
  return { id, tool: 't', server: 's', args: {}, startedAt: id, outcome: undefined };
}

describe('CallHistory', () => {
  it('keeps at most two compare picks, the newest replacing the oldest; a replay starts with none', () => {
    const history = new CallHistory();
    history.togglePick(1);
    history.togglePick(2);
    history.togglePick(3);
    expect(history.get().comparePicks).toEqual([2, 3]);
    history.togglePick(2);
    expect(history.get().comparePicks).toEqual([3]);
    history.load([call(1)]);
    expect(history.get().comparePicks).toEqual([]);
  });

  it('follows the newest call of a live replay unless the viewer chose an older one', () => {
    const history = new CallHistory();
    history.follow([call(1)]);
    expect(history.get().selectedId).toBe(1);
    history.follow([call(1), call(2)]);
    expect(history.get().selectedId).toBe(2);
    history.select(1);
    history.follow([call(1), call(2), call(3)]);
    expect(history.get().selectedId).toBe(1);
    expect(history.start({ tool: 't', server: 's', args: {} })).toBe(4);
  });

  it("shows a replay's newest call that no View asked for, as the live page kept the View on screen", () => {
    const history = new CallHistory();
    const byView = { ...call(2), origin: 'view' as const };
    history.load([call(1), byView]);
    expect(history.get().selectedId).toBe(1);
    history.follow([call(1), byView, { ...call(3), origin: 'view' }]);
    expect(history.get().selectedId).toBe(1);
    history.follow([call(1), byView, call(4)]);
    expect(history.get().selectedId).toBe(4);
    history.load([byView]);
    expect(history.get().selectedId).toBe(2);
  });
});
