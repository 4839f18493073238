import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';

/** What one sign-in leaves for the next connect to the same server. */
export interface SavedSignIn {
  /** The authorization server that issued the tokens (its URL from discovery), when known. */
  issuer?: string;
  tokens: StoredOAuthTokens;
  /** The client the tokens belong to (a dynamically registered one: refresh needs it). */
  client?: StoredOAuthClientInformation;
}

/** One server's saved sign-in, as a connection sees it. */
export interface SavedSignInSlot {
  /** The saved sign-in; with `issuer`, only one that authorization server issued. */
  load(issuer?: string): SavedSignIn | undefined;
  save(entry: SavedSignIn): void;
  forget(): void;
}

/**
 * Single-user mode: tokens kept for the next connect, in a JSON file only the user can read
 * (mode 0600, in a 0700 folder), by server URL and issuer. Never used in hosted mode, where tokens
 * stay in the connection's memory. A file that cannot be read counts as empty: a sign-in is the
 * worst that follows.
 */
export class OAuthTokenFile {
  constructor(readonly file: string) {}

  /** The slot of the server at `serverUrl`. */
  slot(serverUrl: string): SavedSignInSlot {
    return {
      load: (issuer) => {
        const entries = this.read()[serverUrl] ?? [];
        return issuer ? entries.find((entry) => entry.issuer === issuer) : entries.at(-1);
      },
      save: (entry) => {
        const all = this.read();
        const others = (all[serverUrl] ?? []).filter((kept) => kept.issuer !== entry.issuer);
        all[serverUrl] = [...others, entry];
        this.write(all);
      },
      forget: () => this.forget(serverUrl),
    };
  }

  /** "Clear tokens": deletes what is kept for `serverUrl`. */
  forget(serverUrl: string): void {
    const all = this.read();
    if (!(serverUrl in all)) return;
    delete all[serverUrl];
    this.write(all);
  }

  private read(): Record<string, SavedSignIn[]> {
    try {
      const value: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, SavedSignIn[]>)
        : {};
    } catch {
      return {};
    }
  }

  private write(all: Record<string, SavedSignIn[]>): void {
    mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    if (!Object.keys(all).length) {
      rmSync(this.file, { force: true });
      return;
    }
    // Written whole and renamed: a crash leaves the old file or the new one, never half of one.
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(all), { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }
}
