import { describe, expect, it } from 'vitest';
import { isEmptyArgumentsText, parseArgumentsText } from './parse-arguments-text.ts';

describe('parseArgumentsText', () => {
  it('treats blank text as no arguments', () => {
    expect(parseArgumentsText('  \n')).toEqual({ value: {}, empty: true });
    expect(parseArgumentsText('{ }')).toEqual({ value: {}, empty: true });
  });

  it('keeps escapes and null exactly as JSON defines them', () => {
    const parsed = parseArgumentsText('{"a": "x\\\\\\"y", "b": null, "c": "\\u00e9"}');
    expect(parsed.value).toEqual({ a: 'x\\"y', b: null, c: 'é' });
  });

  it('reports a syntax error', () => {
    expect(parseArgumentsText('{"a": }').error).toMatch(/^Invalid JSON: /);
  });

  it.each([
    ['[]', 'an array'],
    ['null', 'null'],
    ['"text"', 'a string'],
    ['42', 'a number'],
  ])('rejects %s, since arguments are an object', (text, kind) => {
    expect(parseArgumentsText(text).error).toBe(`Arguments must be a JSON object, not ${kind}`);
  });

  it('recognises the two spellings of empty', () => {
    expect(isEmptyArgumentsText('')).toBe(true);
    expect(isEmptyArgumentsText(' {\n} ')).toBe(true);
    expect(isEmptyArgumentsText('{"a":1}')).toBe(false);
  });
});
