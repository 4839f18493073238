import type { OAuthDiscoveryState, StoredOAuthTokens } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { UpstreamSignIn } from './upstream-sign-in.ts';

const state = { authorizationServerUrl: 'https://old-as.example' } as OAuthDiscoveryState;

describe('UpstreamSignIn', () => {
  it('discovers again when the server refuses the token (the authorization server may have moved)', async () => {
    const signIn = new UpstreamSignIn({ headless: true }, () => {});
    let status = 200;
    const fetch = signIn.fetch(
      async () => new Response('{}', { status }),
      async () => new Response('{}'),
    );
    await signIn.provider.saveDiscoveryState?.(state);
    await fetch('http://mcp.example/mcp', { method: 'POST' });
    expect(await signIn.provider.discoveryState?.()).toBe(state); // no token yet: nothing to forget
    await signIn.provider.saveTokens({ access_token: 't', token_type: 'Bearer' } as StoredOAuthTokens);
    await fetch('http://mcp.example/mcp', { method: 'POST' });
    expect(await signIn.provider.discoveryState?.()).toBe(state); // accepted
    status = 401;
    await fetch('http://mcp.example/mcp', { method: 'POST' });
    expect(await signIn.provider.discoveryState?.()).toBeUndefined();
  });
});
