import { describe, expect, it } from 'vitest';
import { joinArgs, splitArgs, validateTarget } from './targets.ts';

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
