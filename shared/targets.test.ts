import { describe, expect, it } from 'vitest';
import { joinArgs, splitArgs, usableTargetSchema, validateTarget } from './targets.ts';
import { parseUntrusted } from './untrusted-json.ts';

describe('argument strings', () => {
  it('splits on spaces and honours quotes and escapes', () => {
    expect(splitArgs(`server.js --name "two words" 'it''s' a\\ b ""`)).toEqual([
      'server.js',
      '--name',
      'two words',
      'its',
      'a b',
      '',
    ]);
  });

  it('round-trips through joinArgs', () => {
    const args = ['--import', 'tsx', 'a b', `it's`, '"q"', '', 'back\\slash'];
    expect(splitArgs(joinArgs(args))).toEqual(args);
  });
});

describe('validateTarget', () => {
  it('explains what is wrong', () => {
    expect(validateTarget({ transport: 'stdio', command: ' ', args: [] })).toMatch(/command is required/);
    expect(validateTarget({ transport: 'http', url: 'not a url' })).toMatch(/Not a valid URL/);
    expect(validateTarget({ transport: 'sse', url: 'file:///etc/passwd' })).toMatch(/Only http/);
    expect(validateTarget({ transport: 'http', url: 'http://127.0.0.1:3001/mcp' })).toBeUndefined();
  });
});

describe('usableTargetSchema', () => {
  it('names the path of what is wrong', () => {
    const read = (value: unknown) => parseUntrusted(usableTargetSchema, value, ['target']);
    expect(read({ transport: 'stdio', command: 'x', args: ['a', 2] })).toEqual({
      ok: false,
      error: 'target.args[1]: expected a string, got 2',
    });
    expect(read({ transport: 'ftp' })).toEqual({
      ok: false,
      error: 'target.transport: expected "stdio", "http" or "sse", got "ftp"',
    });
    expect(read({ transport: 'http', url: 'file:///etc/passwd' })).toEqual({
      ok: false,
      error: 'target.url: Only http(s) URLs are supported, not file:',
    });
    expect(read({ transport: 'stdio', command: ' ', args: [] })).toMatchObject({
      error: 'target.command: A command is required for a stdio server.',
    });
    expect(read({ transport: 'sse', url: 'http://h/sse', headers: { A: 1 } })).toMatchObject({
      error: 'target.headers.A: expected a string, got 1',
    });
  });

  it('keeps fields it does not know', () => {
    const target = { transport: 'http', url: 'https://h/mcp', later: { added: true } };
    expect(parseUntrusted(usableTargetSchema, target)).toEqual({ ok: true, value: target });
  });
});
