import type { StoredOAuthTokens } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ConnectionTokens } from './connection-tokens.ts';
import type { SavedSignIn, SavedSignInSlot } from './token-file.ts';

const token = (access_token: string) => ({ access_token, token_type: 'Bearer' }) as StoredOAuthTokens;

function slot(initial?: SavedSignIn): SavedSignInSlot & { kept: SavedSignIn | undefined } {
  const state = {
    kept: initial,
    load: () => state.kept,
    save: (entry: SavedSignIn) => void (state.kept = entry),
    forget: () => void (state.kept = undefined),
  };
  return state;
}

describe('ConnectionTokens', () => {
  it('reads the saved sign-in once, and drops its tokens when another authorization server is discovered', () => {
    const saved = slot({ issuer: 'https://as1', tokens: token('old') });
    const tokens = new ConnectionTokens(saved);
    expect(tokens.readSaved('https://as1')?.tokens.access_token).toBe('old');
    expect(tokens.readSaved('https://as1')).toBeUndefined();
    tokens.discovered('https://as1');
    expect(tokens.tokens?.access_token).toBe('old');
    tokens.discovered('https://as2');
    expect(tokens.tokens).toBeUndefined();
  });

  it('keeps what it holds in the slot, with the client, and forgets both', () => {
    const saved = slot();
    const tokens = new ConnectionTokens(saved);
    tokens.save(token('new'), 'https://as1', { client_id: 'dyn' });
    expect(saved.kept).toEqual({ issuer: 'https://as1', tokens: token('new'), client: { client_id: 'dyn' } });
    tokens.forget();
    expect(tokens.tokens).toBeUndefined();
    expect(saved.kept).toBeUndefined();
  });

  it('holds tokens in memory only without a slot (check, hosted)', () => {
    const tokens = new ConnectionTokens(undefined);
    expect(tokens.readSaved(undefined)).toBeUndefined();
    tokens.save(token('t'), undefined, undefined);
    expect(tokens.tokens?.access_token).toBe('t');
  });
});
