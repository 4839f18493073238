import { describe, expect, it } from 'vitest';
import { describeOAuthFailure } from './oauth-failure.ts';

describe('describeOAuthFailure', () => {
  it.each([
    [
      { code: 'invalid_client', message: 'bad secret' },
      /^The authorization server rejected the client \(invalid_client\)/,
    ],
    [{ code: 'invalid_scope', message: 'no' }, /refused the requested scope \(invalid_scope\)/],
    [{ code: 'invalid_grant', message: 'expired' }, /expired or was used already; sign in again/],
    [new Error('Protected resource https://a/mcp does not match expected https://b/mcp'), /^Wrong resource/],
    [new Error('Issuer mismatch: expected https://as, got https://evil'), /^Issuer mismatch/],
    [new Error('redirect_uri did not match any of the registered ones'), /redirect mismatch/],
    [new Error('Dynamic Client Registration rejected (HTTP 401): nope'), /^Client registration refused/],
    [new Error('Authentication failed for http://x/mcp'), /^No OAuth metadata/],
    [
      new Error('Dynamic Client Registration rejected (HTTP 404): {"error":"not found"}'),
      /^No OAuth metadata/,
    ],
    [
      new Error('Dynamic Client Registration rejected (HTTP 400): {"error":"invalid_redirect_uri"}'),
      /\(redirect mismatch\)/,
    ],
  ])('%s', (error, message) => {
    expect(describeOAuthFailure(error)).toMatch(message);
  });

  it('keeps an unknown message as it is', () => {
    expect(describeOAuthFailure(new Error('socket hang up'))).toBe('socket hang up');
  });
});
