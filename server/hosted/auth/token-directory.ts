import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of a token as lower-case hex: what the config lists instead of the token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new personal API token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A short, non-secret fingerprint of one token (a hash of its digest), carried in session cookies
 * so that a cookie stops working once the admin removes or replaces the token it was made from.
 */
export function tokenTag(digest: string): string {
  return createHash('sha256').update(`toolscope-session:${digest}`).digest('base64url').slice(0, 22);
}

/**
 * The personal API tokens of the config, by digest. Looking a token up hashes it first, so the
 * time a lookup takes says nothing about how close a guess was.
 */
export class TokenDirectory {
  private readonly byDigest = new Map<string, string>();
  private readonly tagsByUser = new Map<string, Set<string>>();

  constructor(entries: readonly { user: string; sha256: string }[]) {
    for (const { user, sha256 } of entries) {
      const digest = sha256.toLowerCase();
      this.byDigest.set(digest, user);
      const tags = this.tagsByUser.get(user) ?? new Set();
      tags.add(tokenTag(digest));
      this.tagsByUser.set(user, tags);
    }
  }

  get size(): number {
    return this.byDigest.size;
  }

  /** The user a token belongs to, with its tag; undefined for an unknown token. */
  find(token: string): { user: string; tag: string } | undefined {
    const digest = tokenDigest(token);
    const user = this.byDigest.get(digest);
    return user === undefined ? undefined : { user, tag: tokenTag(digest) };
  }

  /** True while `user` still has the token whose tag is `tag`. */
  holds(user: string, tag: string): boolean {
    return this.tagsByUser.get(user)?.has(tag) ?? false;
  }
}
