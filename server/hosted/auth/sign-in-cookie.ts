import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a session cookie says: who signed in, with which token, until when. */
export interface SignInClaims {
  /** Random id, so that sign-out can revoke this one sign-in. */
  id: string;
  user: string;
  /** The tag of the token signed in with (see tokenTag). */
  tokenTag: string;
  issuedAt: number;
  expiresAt: number;
}

const VERSION = 'v1';

/**
 * Signs and checks session cookies with HMAC-SHA256, so that any `serve` process holding the same
 * secret accepts a cookie another one issued (several processes behind a load balancer). The first
 * secret signs; every secret verifies, which lets an admin rotate: add the new secret first, keep
 * the old one until the cookies it signed have expired, then remove it. A cookie carries no secret:
 * `v1.<claims as base64url JSON>.<signature>`.
 */
export class CookieSigner {
  private readonly keys: Buffer[];

  /** `secrets` empty: a random key for this process alone (sign-ins end when it stops). */
  constructor(secrets: readonly string[]) {
    this.keys = secrets.length ? secrets.map((secret) => Buffer.from(secret, 'utf8')) : [randomBytes(32)];
  }

  /** True when the key was made up at start (no secret configured). */
  static isEphemeral(secrets: readonly string[]): boolean {
    return secrets.length === 0;
  }

  /** A new sign-in of `user`, signed in with the token of tag `tokenTag`. */
  issue(
    user: string,
    tokenTag: string,
    maxAgeMs: number,
    now = Date.now(),
  ): { value: string; claims: SignInClaims } {
    const claims: SignInClaims = {
      id: randomBytes(16).toString('base64url'),
      user,
      tokenTag,
      issuedAt: now,
      expiresAt: now + maxAgeMs,
    };
    const body = `${VERSION}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return { value: `${body}.${this.sign(this.keys[0]!, body)}`, claims };
  }

  /** The claims of a cookie signed by one of the keys and not expired; undefined otherwise. */
  verify(value: string, now = Date.now()): SignInClaims | undefined {
    const parts = value.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION || value.length > 4096) return undefined;
    const body = `${parts[0]}.${parts[1]}`;
    const given = Buffer.from(parts[2]!, 'base64url');
    const signed = this.keys.some((key) => {
      const expected = Buffer.from(this.sign(key, body), 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!signed) return undefined;
    let claims: SignInClaims;
    try {
      claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as SignInClaims;
    } catch {
      return undefined;
    }
    if (typeof claims.user !== 'string' || typeof claims.expiresAt !== 'number') return undefined;
    return claims.expiresAt > now ? claims : undefined;
  }

  private sign(key: Buffer, body: string): string {
    return createHmac('sha256', key).update(body).digest('base64url');
  }
}

/**
 * Sign-ins ended on this process, until they would have expired anyway. Other processes
 * behind the same load balancer do not hear of it (see docs/hosting.md: what sign-out revokes).
 */
export class RevokedSignIns {
  private readonly revoked = new Map<string, number>();

  revoke(claims: SignInClaims, now = Date.now()): void {
    for (const [id, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(id);
    this.revoked.set(claims.id, claims.expiresAt);
  }

  has(id: string): boolean {
    return this.revoked.has(id);
  }
}
