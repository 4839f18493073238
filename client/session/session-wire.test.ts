import { describe, expect, it } from 'vitest';
import { reusableToolsPage, targetCacheKey } from './session-wire.ts';

describe('targetCacheKey', () => {
  it('is the same whatever the key order, the era and empty fields', () => {
    const cli = { transport: 'stdio', command: 'node', args: ['demo.js'], cwd: '/x' };
    const form = {
      era: 'modern',
      cwd: '/x',
      env: {},
      args: ['demo.js'],
      command: 'node',
      transport: 'stdio',
    };
    expect(targetCacheKey(form)).toBe(targetCacheKey(cli));
    expect(targetCacheKey({ ...cli, args: ['other.js'] })).not.toBe(targetCacheKey(cli));
    expect(targetCacheKey({ transport: 'http', url: 'u', headers: { a: '1' } })).not.toBe(
      targetCacheKey({ transport: 'http', url: 'u', headers: { a: '2' } }),
    );
  });
});

describe('reusableToolsPage', () => {
  const declaring = { tools: [{ name: 'w', inputSchema: { properties: { r: { 'x-mcp-header': 'R' } } } }] };
  it('refetches on HTTP a page that declares x-mcp-header until the bridge saw one go by', () => {
    expect(reusableToolsPage('http', false)(declaring)).toBe(false);
    expect(reusableToolsPage('http', true)(declaring)).toBe(true);
    expect(reusableToolsPage('stdio', false)(declaring)).toBe(true);
    expect(reusableToolsPage('http', false)({ tools: [{ name: 'plain' }] })).toBe(true);
  });
});
