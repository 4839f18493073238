import { describe, expect, it } from 'vitest';
import { diffAnswers, differingPaths, shapeOf } from './answer-diff.ts';
import { formatPointer, parsePointer, pointerMatches } from './json-pointer.ts';

const none = { volatile: [], ignore: [] };

describe('JSON pointers', () => {
  it('reads and writes RFC 6901 pointers, escapes included', () => {
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/content/0/text')).toEqual(['content', '0', 'text']);
    expect(parsePointer('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(formatPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
  });

  it('refuses text that is not a pointer, with an example', () => {
    expect(() => parsePointer('content/0')).toThrow(
      /must be empty or start with "\/" \(e\.g\. \/content\/0\/text\)/,
    );
    expect(() => parsePointer('/a~2')).toThrow(/"~" must be followed by 0 or 1/);
  });

  it('matches * as any one key or index', () => {
    expect(pointerMatches(['content', '*', 'text'], ['content', '3', 'text'])).toBe(true);
    expect(pointerMatches(['content', '*'], ['content', '3', 'text'])).toBe(false);
  });
});

describe('diffAnswers', () => {
  it('finds nothing in equal answers, whatever the key order', () => {
    expect(diffAnswers({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, none)).toEqual([]);
  });

  it('names each changed, added and removed place with its old and new values', () => {
    const before = { content: [{ type: 'text', text: '3' }], structuredContent: { sum: 3, gone: true } };
    const after = { content: [{ type: 'text', text: '4' }], structuredContent: { sum: 4, extra: 1 } };
    expect(diffAnswers(before, after, none)).toEqual([
      { path: '/content/0/text', kind: 'changed', before: '3', after: '4' },
      { path: '/structuredContent/sum', kind: 'changed', before: 3, after: 4 },
      { path: '/structuredContent/gone', kind: 'removed', before: true },
      { path: '/structuredContent/extra', kind: 'added', after: 1 },
    ]);
  });

  it('compares a list item by item, so a longer list adds its new items', () => {
    expect(diffAnswers([1, 2], [1, 2, 3], none)).toEqual([{ path: '/2', kind: 'added', after: 3 }]);
  });

  it('compares a volatile place by shape only, and lets it be missing', () => {
    const volatile = [parsePointer('/time'), parsePointer('/items/*/id')];
    const rules = { volatile, ignore: [] };
    expect(
      diffAnswers({ time: '10:00', items: [{ id: 'a' }] }, { time: '10:01', items: [{ id: 'b' }] }, rules),
    ).toEqual([]);
    expect(diffAnswers({ time: '10:00' }, {}, rules)).toEqual([]);
    expect(diffAnswers({ time: '10:00' }, { time: 600 }, rules)).toEqual([
      { path: '/time', kind: 'shape', before: '10:00', after: 600 },
    ]);
  });

  it('skips ignored places and everything under them', () => {
    const rules = { volatile: [], ignore: [parsePointer('/_meta')] };
    expect(diffAnswers({ _meta: { a: 1 }, x: 1 }, { _meta: { a: 2, b: 3 }, x: 1 }, rules)).toEqual([]);
  });

  it('does not read inherited properties as values ("constructor" is only a key)', () => {
    expect(diffAnswers({ constructor: 1 }, {}, none)).toEqual([
      { path: '/constructor', kind: 'removed', before: 1 },
    ]);
  });

  it('stops collecting after 50 changes', () => {
    const before = Array.from({ length: 80 }, (_, i) => i);
    expect(
      diffAnswers(
        before,
        before.map((n) => n + 1),
        none,
      ),
    ).toHaveLength(50);
  });
});

describe('differingPaths', () => {
  it('names the values that differ between two answers, a missing key, and a list of another length whole', () => {
    const a = { content: [{ text: 'at 10:00' }], id: 'x1', list: [1], same: true };
    const b = { content: [{ text: 'at 10:01' }], list: [1, 2], same: true, extra: 0 };
    expect(differingPaths(a, b)).toEqual(['/content/0/text', '/id', '/list', '/extra']);
    expect(differingPaths({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('shapeOf', () => {
  it('is equal for values of one shape, lists of any length included', () => {
    expect(shapeOf({ a: 'x', b: [1, 2] })).toBe(shapeOf({ b: [3], a: 'y' }));
    expect(shapeOf({ a: 'x' })).not.toBe(shapeOf({ a: 1 }));
    expect(shapeOf(null)).not.toBe(shapeOf({}));
  });
});
