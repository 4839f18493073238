import { describe, expect, it } from 'vitest';
import { OAuthCallbacks } from '../oauth/oauth-callbacks.ts';
import { connectionSignIn } from './connection-sign-in.ts';

const http = { transport: 'http' as const, url: 'http://mcp.example/mcp' };

function callbacks(): OAuthCallbacks {
  const oauth = new OAuthCallbacks();
  oauth.redirectUrl = 'http://127.0.0.1:1/oauth/callback';
  return oauth;
}

describe('connectionSignIn', () => {
  it("gives an HTTP connection the bridge's browser sign-in, the page's client and guided mode", () => {
    const { upstream, guide } = connectionSignIn(
      callbacks(),
      {
        type: 'connect',
        target: http,
        oauthClient: { clientId: 'mine', clientSecret: 's' },
        oauthGuided: true,
      },
      http,
      undefined,
      undefined,
    );
    expect(upstream.oauth?.redirectUrl).toBe('http://127.0.0.1:1/oauth/callback');
    expect(upstream.oauth).toMatchObject({ clientId: 'mine', clientSecret: 's', guide });
    expect(guide).toBeDefined();
  });

  it("lets a catalog entry's admitted client win, with no page client and no guided mode", () => {
    const { upstream, guide } = connectionSignIn(
      callbacks(),
      { type: 'connect', catalog: { server: 'docs' } },
      http,
      { oauth: { clientId: 'admin' } },
      'ann',
    );
    expect(upstream.oauth?.clientId).toBe('admin');
    expect(guide).toBeUndefined();
  });

  it('signs nothing in for a stdio target or before the bridge listens', () => {
    const stdio = { transport: 'stdio' as const, command: 'x', args: [] };
    expect(
      connectionSignIn(callbacks(), { type: 'connect', target: stdio }, stdio, undefined, undefined),
    ).toEqual({
      upstream: {},
      guide: undefined,
    });
    const early = connectionSignIn(
      new OAuthCallbacks(),
      { type: 'connect', target: http },
      http,
      undefined,
      undefined,
    );
    expect(early.upstream.oauth).toBeUndefined();
  });
});
