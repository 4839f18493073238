import { afterEach, describe, expect, it, vi } from 'vitest';
import { findHostedAccess } from './hosted-access.ts';

const location = { pathname: '/', search: '?x=1', hash: '#tool=echo' } as Location;
const hosted = { user: { name: 'alice', via: 'cookie' }, catalog: [] };

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('findHostedAccess', () => {
  it('finds a hosted bridge that knows the user by what the browser sends by itself', async () => {
    answer(200, { version: '1', recording: { enabled: true }, hosted });
    expect(await findHostedAccess(location)).toMatchObject({ kind: 'signed-in', config: { hosted } });
  });

  it('sends a user it does not know to its sign-in page, coming back to the same page', async () => {
    answer(401, { error: 'Sign in first', signIn: '/signin' });
    expect(await findHostedAccess(location)).toEqual({
      kind: 'sign-in',
      url: `/signin?next=${encodeURIComponent('/?x=1#tool=echo')}`,
    });
  });

  it('is none on a single-user bridge, whether it answers 401 or its config', async () => {
    answer(401, { error: 'Wrong token' });
    expect(await findHostedAccess(location)).toEqual({ kind: 'none' });
    answer(200, { version: '1', recording: { enabled: false } });
    expect(await findHostedAccess(location)).toEqual({ kind: 'none' });
  });

  it('is none when the bridge cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    expect(await findHostedAccess(location)).toEqual({ kind: 'none' });
  });
});
