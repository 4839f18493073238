import { describe, expect, it } from 'vitest';
import { followAuthorization } from './headless-authorize.ts';

describe('followAuthorization', () => {
  it('follows redirects with the cookies set on the way up to the callback', async () => {
    const seen: (string | null)[] = [];
    const params = await followAuthorization(
      new URL('https://as/auth'),
      'http://127.0.0.1/oauth/callback',
      async (url, init) => {
        seen.push(new Headers(init?.headers).get('cookie'));
        return String(url) === 'https://as/auth'
          ? new Response(null, {
              status: 302,
              headers: { location: '/login', 'set-cookie': 'sid=1; Path=/' },
            })
          : new Response(null, {
              status: 303,
              headers: { location: 'http://127.0.0.1/oauth/callback?code=c&state=s' },
            });
      },
    );
    expect(params.get('code')).toBe('c');
    expect(seen).toEqual([null, 'sid=1']);
  });

  it('a redirect URI the client does not have reads as a redirect mismatch naming the URI to register', async () => {
    const page =
      "<h1>oops! something went wrong</h1><pre>redirect_uri did not match any of the client's registered redirect_uris</pre>";
    await expect(
      followAuthorization(
        new URL('https://as/auth'),
        'http://127.0.0.1/oauth/callback',
        async () => new Response(page, { status: 400 }),
      ),
    ).rejects.toThrow(
      /^The authorization server does not accept the redirect URI \(redirect mismatch\): register http:\/\/127\.0\.0\.1\/oauth\/callback for this client/,
    );
  });

  it('a login page that wants a person says so', async () => {
    await expect(
      followAuthorization(
        new URL('https://as/auth'),
        'http://x/cb',
        async () => new Response('<form>login</form>', { status: 200 }),
      ),
    ).rejects.toThrow(/wants a person to sign in/);
  });
});
