import { describe, expect, it } from 'vitest';
import { RevokedSignIns, CookieSigner } from './sign-in-cookie.ts';
import { newToken, TokenDirectory, tokenDigest, tokenTag } from './token-directory.ts';

const SECRET_A = 'a'.repeat(32);
const SECRET_B = 'b'.repeat(32);
const HOUR = 3_600_000;

describe('token digests', () => {
  it('are the SHA-256 hex of the token, as `sha256sum` prints it', () => {
    // printf %s abc | sha256sum
    expect(tokenDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(newToken());
  });

  it('find the user of a token, and only of the exact token', () => {
    const directory = new TokenDirectory([
      { user: 'alice', sha256: tokenDigest('alice-token').toUpperCase() },
      { user: 'bob', sha256: tokenDigest('bob-token') },
    ]);
    expect(directory.find('alice-token')).toEqual({
      user: 'alice',
      tag: tokenTag(tokenDigest('alice-token')),
    });
    expect(directory.find('alice-token ')).toBeUndefined();
    expect(directory.find('')).toBeUndefined();
    expect(directory.holds('alice', tokenTag(tokenDigest('alice-token')))).toBe(true);
    expect(directory.holds('bob', tokenTag(tokenDigest('alice-token')))).toBe(false);
  });
});

describe('session cookies', () => {
  it('round-trip their claims and carry no secret', () => {
    const signer = new CookieSigner([SECRET_A]);
    const { value, claims } = signer.issue('alice', 'tag', HOUR, 1000);
    expect(signer.verify(value, 2000)).toEqual(claims);
    expect(claims).toMatchObject({ user: 'alice', tokenTag: 'tag', issuedAt: 1000, expiresAt: 1000 + HOUR });
    expect(value).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(value).not.toContain(SECRET_A);
  });

  it('refuse expired, tampered, truncated and foreign cookies', () => {
    const signer = new CookieSigner([SECRET_A]);
    const { value } = signer.issue('alice', 'tag', HOUR, 1000);
    expect(signer.verify(value, 1000 + HOUR)).toBeUndefined();
    const [version, body, signature] = value.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), user: 'root' }),
    ).toString('base64url');
    expect(signer.verify(`${version}.${forged}.${signature}`, 2000)).toBeUndefined();
    expect(signer.verify(`${version}.${body}.${signature.slice(0, -2)}`, 2000)).toBeUndefined();
    expect(signer.verify(`v2.${body}.${signature}`, 2000)).toBeUndefined();
    expect(signer.verify('garbage', 2000)).toBeUndefined();
    expect(new CookieSigner([SECRET_B]).verify(value, 2000)).toBeUndefined();
  });

  it('rotate: the first secret signs, every listed secret verifies', () => {
    const old = new CookieSigner([SECRET_A]).issue('alice', 'tag', HOUR, 1000).value;
    const rotating = new CookieSigner([SECRET_B, SECRET_A]);
    expect(rotating.verify(old, 2000)?.user).toBe('alice');
    const fresh = rotating.issue('bob', 'tag', HOUR, 1000).value;
    expect(new CookieSigner([SECRET_B]).verify(fresh, 2000)?.user).toBe('bob');
    expect(new CookieSigner([SECRET_A]).verify(fresh, 2000)).toBeUndefined();
  });

  it('make up a key for this process alone when none is configured', () => {
    const one = new CookieSigner([]);
    const value = one.issue('alice', 'tag', HOUR).value;
    expect(one.verify(value)?.user).toBe('alice');
    expect(new CookieSigner([]).verify(value)).toBeUndefined();
  });

  it('remember sign-outs until the session would have expired', () => {
    const signer = new CookieSigner([SECRET_A]);
    const revoked = new RevokedSignIns();
    const first = signer.issue('alice', 'tag', 10, 0).claims;
    const second = signer.issue('alice', 'tag', HOUR, 0).claims;
    revoked.revoke(first, 0);
    expect(revoked.has(first.id)).toBe(true);
    revoked.revoke(second, 20);
    expect(revoked.has(first.id)).toBe(false);
    expect(revoked.has(second.id)).toBe(true);
  });
});
