import * as z from 'zod';
import { describe, expect, it } from 'vitest';
import { checkUntrusted, formatPath, isRecord, parseJsonText, parseUntrusted } from './untrusted-json.ts';

describe('isRecord', () => {
  it('is true for plain objects only', () => {
    expect([{}, { a: 1 }].every(isRecord)).toBe(true);
    expect([null, [], 'x', 1, undefined].some(isRecord)).toBe(false);
  });
});

describe('paths', () => {
  it('read as they would be written in code', () => {
    expect(formatPath(['mcpServers', 'fs', 'args', 2])).toBe('mcpServers.fs.args[2]');
    expect(formatPath(['servers', 'my server', 'env', 'A.B'])).toBe('servers["my server"].env["A.B"]');
    expect(formatPath([0, 'seq'])).toBe('[0].seq');
  });
});

describe('parseUntrusted', () => {
  const schema = z.looseObject({ n: z.number(), list: z.array(z.string()), kind: z.enum(['a', 'b']) });

  it('names each problem by its path, with what was there instead', () => {
    expect(parseUntrusted(schema, { n: 'x', list: ['ok', { big: 1 }], kind: 'c' }, ['file'])).toEqual({
      ok: false,
      error:
        'file.n: expected a number, got "x"; file.list[1]: expected a string, got {"big":1}; file.kind: expected "a" or "b", got "c"',
    });
    expect(parseUntrusted(schema, 'x'.repeat(100))).toEqual({
      ok: false,
      error: 'expected an object, got a string',
    });
  });

  it('keeps a message the schema gives', () => {
    const named = z.looseObject({ id: z.string({ error: 'needs an id' }) });
    expect(parseUntrusted(named, {})).toEqual({ ok: false, error: 'id: needs an id' });
  });

  it('keeps unknown fields of loose objects; checkUntrusted answers with the value itself', () => {
    const value = { kind: 'a', later: true, list: [], n: 1 };
    expect(parseUntrusted(schema, value)).toEqual({ ok: true, value });
    const checked = checkUntrusted(schema, value);
    expect(checked.ok && checked.value).toBe(value);
    expect(Object.keys(checked.ok ? checked.value : {})).toEqual(['kind', 'later', 'list', 'n']);
  });
});

describe('parseJsonText', () => {
  it('answers instead of throwing', () => {
    expect(parseJsonText('[1]')).toEqual({ ok: true, value: [1] });
    expect(parseJsonText('{')).toMatchObject({ ok: false, error: expect.any(String) });
  });
});
