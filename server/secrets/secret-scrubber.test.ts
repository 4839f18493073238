import { describe, expect, it } from 'vitest';
import { SecretScrubber } from './secret-scrubber.ts';

describe('SecretScrubber', () => {
  const scrubber = SecretScrubber.forTarget({
    transport: 'stdio',
    command: 'node',
    args: ['server.js', '--api-key', 'key-from-args-123', 'postgres://app:db-pass-456@db/prod'],
    env: { API_TOKEN: 'sk-"quoted"\\secret', DEBUG: 'true', SHORT: 'abc' },
  });

  it('replaces every secret value in JSON text, escaped ones too, and keeps the JSON valid', () => {
    const frame = {
      message: { result: { text: 'key=key-from-args-123 pass=db-pass-456 token=sk-"quoted"\\secret' } },
    };
    const scrubbed = scrubber.scrubJson(JSON.stringify(frame));
    expect(JSON.parse(scrubbed)).toEqual({ message: { result: { text: 'key=*** pass=*** token=***' } } });
  });

  it('leaves text without secrets untouched (the same string), and ignores short or literal values', () => {
    const text = JSON.stringify({ ok: true, debug: 'true', short: 'abc', n: 123 });
    expect(scrubber.scrubJson(text)).toBe(text);
  });

  it('replaces secrets in keys too', () => {
    expect(JSON.parse(scrubber.scrubJson(JSON.stringify({ 'db-pass-456': 1 })))).toEqual({ '***': 1 });
  });

  it('finds the parts of a header value and URL query values', () => {
    const http = SecretScrubber.forTarget({
      transport: 'http',
      url: 'https://mcp.example/mcp?api_key=query-secret-789',
      headers: { Authorization: 'Bearer bearer-token-000' },
    });
    expect(http.scrubJson('"bearer-token-000 and query-secret-789"')).toBe('"*** and ***"');
    expect(http.scrubJson('"Use a Bearer token"')).toBe('"Use a Bearer token"');
  });
});
