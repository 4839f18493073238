import { describe, expect, it } from 'vitest';
import { looksLikeJson, parseJsonText, prettyJsonText, safeStringify } from './json-text.ts';

describe('looksLikeJson', () => {
  it('accepts objects and arrays with whitespace', () => {
    expect(looksLikeJson('  {"a":1}\n')).toBe(true);
    expect(looksLikeJson('[1,2]')).toBe(true);
  });
  it('rejects prose and scalars', () => {
    expect(looksLikeJson('Hello {world}')).toBe(false);
    expect(looksLikeJson('42')).toBe(false);
    expect(looksLikeJson('{ not closed')).toBe(false);
  });
});

describe('prettyJsonText', () => {
  it('indents compact JSON', () => {
    expect(prettyJsonText('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
  });
  it('returns undefined for invalid JSON, already pretty JSON and text over the threshold', () => {
    expect(prettyJsonText('{oops}')).toBeUndefined();
    expect(prettyJsonText('{\n  "a": 1\n}')).toBeUndefined();
    expect(prettyJsonText('{"a":1}', 3)).toBeUndefined();
  });
});

describe('parseJsonText', () => {
  it('parses JSON-looking text only', () => {
    expect(parseJsonText('{"a":1}')).toEqual({ value: { a: 1 } });
    expect(parseJsonText('"str"')).toBeUndefined();
  });
});

describe('safeStringify', () => {
  it('survives cycles and undefined', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(safeStringify(cycle)).toMatch(/cannot be shown as JSON/);
    expect(safeStringify(undefined)).toBe('undefined');
  });
});
