import { describe, expect, it } from 'vitest';
import { decodePermalink, encodePermalink } from './permalink.ts';

describe('permalinks', () => {
  it('round-trips the connection, tool and arguments text exactly', () => {
    const args = '{ "path": "a\\"b", "n": null }';
    const hash = encodePermalink({
      target: { transport: 'stdio', command: 'node', args: ['srv.js', '--flag'], cwd: '/tmp' },
      tool: 'read_file',
      args,
    });
    expect(decodePermalink(hash)).toEqual({
      target: { transport: 'stdio', command: 'node', args: ['srv.js', '--flag'], cwd: '/tmp' },
      tool: 'read_file',
      args,
    });
  });

  it('keeps header and env names but never their values', () => {
    const hash = encodePermalink({
      target: {
        transport: 'http',
        url: 'https://x.test/mcp',
        headers: { Authorization: 'Bearer SECRET-123' },
      },
    });
    expect(hash).not.toContain('SECRET');
    expect(decodePermalink(hash)?.target).toEqual({
      transport: 'http',
      url: 'https://x.test/mcp',
      headers: { Authorization: '' },
    });
    const stdio = encodePermalink({
      target: { transport: 'stdio', command: 'c', args: [], env: { API_KEY: 'hunter2' } },
    });
    expect(decodeURIComponent(stdio)).toContain('API_KEY');
    expect(decodeURIComponent(stdio)).not.toContain('hunter2');
  });

  it('ignores fragments that are not permalinks or are malformed', () => {
    expect(decodePermalink('')).toBeUndefined();
    expect(decodePermalink('#other')).toBeUndefined();
    expect(decodePermalink('#link=%7Bbroken')).toBeUndefined();
    expect(
      decodePermalink(`#link=${encodeURIComponent('{"v":1,"target":{"transport":"ftp","url":"x"}}')}`),
    ).toBeUndefined();
  });
});
