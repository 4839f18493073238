import { describe, expect, it } from 'vitest';
import { joinArgs, redactTargetForSharing, secretValuesOf, splitArgs, validateTarget } from './targets.ts';

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

describe('redactTargetForSharing', () => {
  it('blanks env and header values, URL credentials and query values, and secret-looking arguments', () => {
    expect(
      redactTargetForSharing({
        transport: 'stdio',
        command: 'npx',
        args: [
          'server',
          '--token',
          'abc123456',
          '--api-key=def456789',
          'postgres://u:p4ssword@db/x',
          '--port',
          '80',
        ],
        env: { KEY: 'value' },
      }),
    ).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['server', '--token', '***', '--api-key=***', 'postgres://***@db/x', '--port', '80'],
      env: { KEY: '' },
    });
    expect(
      redactTargetForSharing({
        transport: 'http',
        url: 'https://user:pw@mcp.example/mcp?api_key=s3cr3t&mode=dev',
        headers: { Authorization: 'Bearer x' },
      }),
    ).toEqual({
      transport: 'http',
      url: 'https://***@mcp.example/mcp?api_key=***&mode=***',
      headers: { Authorization: '' },
    });
  });

  it('lists the values it hides', () => {
    expect(
      secretValuesOf({
        transport: 'stdio',
        command: 'x',
        args: ['--password', 'pw-1', 'plain'],
        env: { A: 'env-1' },
      }),
    ).toEqual(['env-1', 'pw-1']);
  });
});
