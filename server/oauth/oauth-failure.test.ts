import { describe, expect, it } from 'vitest';
import { describeOAuthFailure, networkReason, SignInFailure, unansweredMessage } from './oauth-failure.ts';

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

  it('a refused scope the metadata offers blames the registration, not the server for asking', () => {
    const refused = { code: 'invalid_scope', message: 'requested scope is not allowed' };
    const offered = describeOAuthFailure(refused, {
      scope: 'mcp:tools mcp:admin',
      offered: ['mcp:tools', 'mcp:admin'],
    });
    expect(offered).toMatch(
      /metadata offers \(mcp:tools mcp:admin\), but it holds Toolscope's registration to fewer scopes/,
    );
    expect(offered).not.toMatch(/does not offer/);
    const preRegistered = describeOAuthFailure(refused, { scope: 'a', offered: ['a'], preRegistered: true });
    expect(preRegistered).toMatch(/allow the scope for the client at the authorization server/);
    const notOffered = describeOAuthFailure(refused, { scope: 'a b', offered: ['a'] });
    expect(notOffered).toMatch(
      /the server asked for b, which its authorization server's metadata does not offer/,
    );
  });

  it('an authorization server that does not answer is named with the network’s reason', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(unansweredMessage(new URL('http://as.example:9000/token'), refused)).toBe(
      'The authorization server at http://as.example:9000 did not answer (connection refused)',
    );
    expect(networkReason(Object.assign(new Error('x'), { name: 'TimeoutError' }))).toBe('timed out');
    const said = {
      code: 'temporarily_unavailable',
      message: 'The authorization server at http://a did not answer (no such host)',
    };
    expect(describeOAuthFailure(said)).toBe(said.message);
    expect(describeOAuthFailure(new SignInFailure('metadata 404 words kept'))).toBe(
      'metadata 404 words kept',
    );
  });
});
