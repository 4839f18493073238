import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { recordedListItems } from './recorded-lists.ts';

let seq = 0;
function frame(direction: 'in' | 'out', message: Record<string, unknown>): Frame {
  return { seq: seq++, direction, time: 1000 + seq, bytes: 10, message } as Frame;
}

describe('recordedListItems', () => {
  it('keeps the newest listing with all its pages, and ignores other methods', () => {
    const frames = [
      frame('out', { jsonrpc: '2.0', id: 1, method: 'prompts/list', params: {} }),
      frame('in', { jsonrpc: '2.0', id: 1, result: { prompts: [{ name: 'old' }] } }),
      frame('out', { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
      frame('in', { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'tool' }] } }),
      frame('out', { jsonrpc: '2.0', id: 3, method: 'prompts/list', params: {} }),
      frame('in', { jsonrpc: '2.0', id: 3, result: { prompts: [{ name: 'a' }], nextCursor: 'c' } }),
      frame('out', { jsonrpc: '2.0', id: 4, method: 'prompts/list', params: { cursor: 'c' } }),
      frame('in', { jsonrpc: '2.0', id: 4, result: { prompts: [{ name: 'b' }, 'not an object'] } }),
    ];
    expect(recordedListItems(frames, 'prompts/list')).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(recordedListItems(frames, 'resources/list')).toEqual([]);
  });

  it('skips an error answer', () => {
    const frames = [
      frame('out', { jsonrpc: '2.0', id: 'x', method: 'resources/templates/list' }),
      frame('in', { jsonrpc: '2.0', id: 'x', error: { code: -32601, message: 'nope' } }),
    ];
    expect(recordedListItems(frames, 'resources/templates/list')).toEqual([]);
  });
});
