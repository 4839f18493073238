import { describe, expect, it } from 'vitest';
import { checkTextMirror, deepEqual } from './back-compat.ts';
import { classifyContent } from '../content/content-blocks.ts';

describe('checkTextMirror', () => {
  const structured = { temperature: 21.5, conditions: 'sunny', tags: ['a', 'b'] };

  it('finds a text block carrying the same JSON, whatever its formatting and key order', () => {
    const blocks = classifyContent([
      { type: 'text', text: 'Weather:' },
      {
        type: 'text',
        text: JSON.stringify({ tags: ['a', 'b'], conditions: 'sunny', temperature: 21.5 }, null, 2),
      },
    ]);
    expect(checkTextMirror(blocks, structured)).toEqual({ kind: 'mirrors', blockIndex: 1 });
  });

  it('reports a missing mirror when no text block matches', () => {
    const blocks = classifyContent([
      { type: 'text', text: JSON.stringify({ ...structured, temperature: 22 }) },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
    ]);
    expect(checkTextMirror(blocks, structured)).toEqual({ kind: 'missing' });
    expect(checkTextMirror([], structured)).toEqual({ kind: 'missing' });
  });
});

describe('deepEqual', () => {
  it('compares JSON values structurally', () => {
    expect(deepEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({}, [])).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual('1', 1)).toBe(false);
  });
});
