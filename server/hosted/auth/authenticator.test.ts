import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Authenticator } from './authenticator.ts';
import { CookieSigner, RevokedSignIns } from './sign-in-cookie.ts';
import { TokenDirectory, tokenDigest } from './token-directory.ts';

const SECRET = 'proxy-secret-0123456789-abcdefghijklmnop';

/** A request as the authenticator reads it: headers as sent, from `address`. */
function request(headers: Record<string, string>, address = '127.0.0.1'): IncomingMessage {
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return {
    headers: lower,
    rawHeaders: Object.entries(headers).flat(),
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage;
}

function authenticator(proxySecret?: { header: string; value: string }) {
  return new Authenticator(
    new TokenDirectory([{ user: 'alice', sha256: tokenDigest('alice-token') }]),
    new CookieSigner(['c'.repeat(32)]),
    new RevokedSignIns(),
    { name: 'X-Forwarded-User', from: ['127.0.0.1/32'], ...(proxySecret ? { proxySecret } : {}) },
  );
}

describe('the trusted identity header', () => {
  it('counts from the proxy address alone when no proxy secret is set', () => {
    expect(authenticator().identify(request({ 'X-Forwarded-User': 'bob' }))).toEqual({
      user: 'bob',
      via: 'header',
    });
  });

  it('with a proxy secret, counts only beside the right secret', () => {
    const auth = authenticator({ header: 'X-Proxy-Secret', value: SECRET });
    // A local process that can reach the bridge from the proxy's address but does not know the secret.
    expect(auth.identify(request({ 'X-Forwarded-User': 'bob' }))).toMatchObject({ status: 401 });
    expect(
      auth.identify(request({ 'X-Forwarded-User': 'bob', 'X-Proxy-Secret': `${SECRET}x` })),
    ).toMatchObject({ status: 401 });
    expect(auth.identify(request({ 'X-Forwarded-User': 'bob', 'X-Proxy-Secret': SECRET }))).toEqual({
      user: 'bob',
      via: 'header',
    });
    // The secret does not make another address trusted.
    expect(
      auth.identify(request({ 'X-Forwarded-User': 'bob', 'X-Proxy-Secret': SECRET }, '10.0.0.9')),
    ).toMatchObject({ status: 401 });
    expect(auth.hasUntrustedHeader(request({ 'X-Forwarded-User': 'bob' }))).toBe(true);
  });

  it('follows a reloaded config: a removed token and a removed header stop counting', () => {
    const auth = authenticator();
    expect(auth.identify(request({ authorization: 'Bearer alice-token' }))).toMatchObject({ user: 'alice' });
    auth.reconfigure(new TokenDirectory([]), undefined);
    expect(auth.identify(request({ authorization: 'Bearer alice-token' }))).toMatchObject({ status: 401 });
    expect(auth.identify(request({ 'X-Forwarded-User': 'bob' }))).toMatchObject({ status: 401 });
  });
});
