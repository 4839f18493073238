import { describe, expect, it } from 'vitest';
import { diffLines, MAX_DIFF_LINES, toDiffText } from './line-diff.ts';

describe('diffLines', () => {
  it('marks identical texts as all same', () => {
    const diff = diffLines('a\nb', 'a\nb');
    expect(diff).toEqual({
      tooLarge: false,
      rows: [
        { kind: 'same', left: 'a', right: 'a' },
        { kind: 'same', left: 'b', right: 'b' },
      ],
    });
  });

  it('pairs an edited line as changed', () => {
    const diff = diffLines('{\n  "message": "one"\n}', '{\n  "message": "two"\n}');
    expect(diff.tooLarge).toBe(false);
    if (diff.tooLarge) return;
    expect(diff.rows.map((r) => r.kind)).toEqual(['same', 'changed', 'same']);
    expect(diff.rows[1]).toEqual({
      kind: 'changed',
      left: '  "message": "one"',
      right: '  "message": "two"',
    });
  });

  it('reports pure additions and removals', () => {
    const added = diffLines('a\nc', 'a\nb\nc');
    expect(added.tooLarge || added.rows).toEqual([
      { kind: 'same', left: 'a', right: 'a' },
      { kind: 'added', right: 'b' },
      { kind: 'same', left: 'c', right: 'c' },
    ]);
    const removed = diffLines('a\nb\nc', 'a\nc');
    expect(removed.tooLarge || removed.rows.map((r) => r.kind)).toEqual(['same', 'removed', 'same']);
  });

  it('keeps the longest common subsequence in the middle of changes', () => {
    const diff = diffLines('x\na\nb\nc\ny', 'z\na\nc\nw');
    if (diff.tooLarge) throw new Error('unexpected');
    expect(diff.rows.filter((r) => r.kind === 'same').map((r) => r.left)).toEqual(['a', 'c']);
    // Every line of both sides appears exactly once, in order.
    expect(diff.rows.flatMap((r) => (r.left === undefined ? [] : [r.left]))).toEqual([
      'x',
      'a',
      'b',
      'c',
      'y',
    ]);
    expect(diff.rows.flatMap((r) => (r.right === undefined ? [] : [r.right]))).toEqual(['z', 'a', 'c', 'w']);
  });

  it('falls back above the line limit instead of building a huge table', () => {
    const big = Array.from({ length: MAX_DIFF_LINES + 1 }, (_, i) => String(i)).join('\n');
    const diff = diffLines(big, 'small');
    expect(diff.tooLarge).toBe(true);
    if (diff.tooLarge) expect(diff.right).toEqual(['small']);
  });

  it('diffs texts near the limit in reasonable time', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${i}`);
    const changed = lines.map((line, i) => (i % 100 === 0 ? `${line} changed` : line));
    const diff = diffLines(lines.join('\n'), changed.join('\n'));
    if (diff.tooLarge) throw new Error('unexpected');
    expect(diff.rows.filter((r) => r.kind === 'changed')).toHaveLength(20);
  });
});

describe('toDiffText', () => {
  it('pretty-prints JSON and shows undefined as a placeholder', () => {
    expect(toDiffText({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(toDiffText(undefined)).toBe('(none)');
  });
});
