import { describe, expect, it } from 'vitest';
import {
  childEntries,
  containerSummary,
  describeNode,
  expandedByDefault,
  leafText,
} from './json-tree-model.ts';

describe('describeNode', () => {
  it('classifies containers and leaves', () => {
    expect(describeNode({ a: 1, b: 2 })).toEqual({ container: true, type: 'object', size: 2 });
    expect(describeNode([1])).toEqual({ container: true, type: 'array', size: 1 });
    expect(describeNode(null)).toEqual({ container: false, type: 'null' });
    expect(describeNode('x')).toEqual({ container: false, type: 'string' });
  });
});

describe('expandedByDefault', () => {
  it('opens the root and small shallow nodes, keeps big or deep ones closed', () => {
    expect(expandedByDefault(0, 100_000)).toBe(true);
    expect(expandedByDefault(1, 5)).toBe(true);
    expect(expandedByDefault(1, 1000)).toBe(false);
    expect(expandedByDefault(5, 1)).toBe(false);
  });
});

describe('childEntries', () => {
  it('returns at most `limit` entries without walking the rest', () => {
    const big = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
    const entries = childEntries(big, 3);
    expect(entries).toEqual([
      ['k0', 0],
      ['k1', 1],
      ['k2', 2],
    ]);
    expect(childEntries(['a', 'b'], 10)).toEqual([
      [0, 'a'],
      [1, 'b'],
    ]);
  });
});

describe('containerSummary and leafText', () => {
  it('summarises containers', () => {
    expect(containerSummary('object', 100_000)).toBe('{100,000 keys}');
    expect(containerSummary('array', 1)).toBe('[1 item]');
  });
  it('quotes and cuts long strings', () => {
    expect(leafText('hi')).toEqual({ text: '"hi"', hiddenChars: 0 });
    expect(leafText('x'.repeat(500), 10)).toEqual({ text: `"${'x'.repeat(9)}…`, hiddenChars: 492 });
    expect(leafText(null)).toEqual({ text: 'null', hiddenChars: 0 });
  });
});
