import type { StoredOAuthTokens } from '@modelcontextprotocol/client';
import type { SavedSignIn, SavedSignInSlot } from './token-file.ts';

/**
 * Where one connection's tokens are kept: in this object (the bridge's memory, ending with the
 * connection) and, when the connection has a {@link SavedSignInSlot} (the page's single-user
 * bridge), in the 0600 token file for the next connect. Tokens are written nowhere else.
 */
export class ConnectionTokens {
  private held: StoredOAuthTokens | undefined;
  /** The issuer of the tokens held (from discovery, or from the saved sign-in). */
  private issuer: string | undefined;
  private savedRead = false;

  constructor(private readonly saved: SavedSignInSlot | undefined) {}

  /**
   * Once: the sign-in the file kept for the next connect (of `issuer`, when known), whose tokens
   * are held from now on unless the connection has its own. Undefined after the first call.
   */
  readSaved(issuer: string | undefined): SavedSignIn | undefined {
    if (this.savedRead || !this.saved) return undefined;
    this.savedRead = true;
    const entry = this.saved.load(issuer);
    if (!entry) return undefined;
    this.held ??= entry.tokens;
    this.issuer = entry.issuer;
    return entry;
  }

  get tokens(): StoredOAuthTokens | undefined {
    return this.held;
  }

  /** Holds `tokens` from `issuer`, and keeps them (with the client they belong to) for the next connect. */
  save(tokens: StoredOAuthTokens, issuer: string | undefined, client: SavedSignIn['client']): void {
    this.held = tokens;
    this.issuer = issuer;
    this.saved?.save({ ...(issuer ? { issuer } : {}), tokens, ...(client ? { client } : {}) });
  }

  /** Saved tokens of another authorization server (it moved) are not for this one. */
  discovered(issuer: string | undefined): void {
    if (this.issuer && issuer !== this.issuer) {
      this.held = undefined;
      this.issuer = undefined;
    }
  }

  /** Drops the tokens held, and the file's entry for the server. */
  forget(): void {
    this.held = undefined;
    this.saved?.forget();
  }
}
