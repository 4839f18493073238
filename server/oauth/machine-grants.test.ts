import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { isDpopChallenge, wantsDpop } from './machine-grants.ts';

describe('DPoP choice', () => {
  it('reads the DPoP scheme in a challenge, alone or beside Bearer', () => {
    expect(isDpopChallenge('DPoP resource_metadata="https://x/.well-known/oauth-protected-resource"')).toBe(
      true,
    );
    expect(isDpopChallenge('Bearer realm="x", DPoP algs="ES256"')).toBe(true);
    expect(isDpopChallenge('dpop error="use_dpop_nonce"')).toBe(true);
    expect(isDpopChallenge('Bearer resource_metadata="https://x/dpop"')).toBe(false);
    expect(isDpopChallenge(null)).toBe(false);
  });

  it('uses DPoP in auto mode only when the resource server asks for it', () => {
    const required = { resourceMetadata: { resource: 'https://x', dpop_bound_access_tokens_required: true } };
    expect(wantsDpop('auto', false, undefined)).toBe(false);
    expect(wantsDpop('auto', true, undefined)).toBe(true);
    expect(wantsDpop('auto', false, required as unknown as OAuthDiscoveryState)).toBe(true);
    expect(wantsDpop('never', true, required as unknown as OAuthDiscoveryState)).toBe(false);
    expect(wantsDpop('always', false, undefined)).toBe(true);
  });
});
