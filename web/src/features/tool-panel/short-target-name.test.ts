import { describe, expect, it } from 'vitest';
import { shortTargetName } from './short-target-name.ts';

describe('shortTargetName', () => {
  it('names a stdio server by its script, else by its program', () => {
    expect(
      shortTargetName({ transport: 'stdio', command: '/usr/bin/node', args: ['/x/lib/demo-server.js'] }),
    ).toBe('demo-server.js');
    expect(shortTargetName({ transport: 'stdio', command: 'uvx', args: ['--from', 'pkg', 'mcp-x'] })).toBe(
      'pkg',
    );
    expect(shortTargetName({ transport: 'stdio', command: 'C:\\tools\\server.exe', args: [] })).toBe(
      'server.exe',
    );
  });

  it('names a remote server by its host and path, and keeps a URL it cannot read', () => {
    expect(shortTargetName({ transport: 'http', url: 'http://127.0.0.1:7390/mcp' })).toBe(
      '127.0.0.1:7390/mcp',
    );
    expect(shortTargetName({ transport: 'sse', url: 'https://example.test/' })).toBe('example.test');
    expect(shortTargetName({ transport: 'http', url: 'not a url' })).toBe('not a url');
  });
});
