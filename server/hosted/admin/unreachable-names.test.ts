import { describe, expect, it } from 'vitest';
import { parseHostedConfig } from '../config/load-config.ts';
import { unreachableNames } from './unreachable-names.ts';

function parse(auth: Record<string, unknown>, metricsUsers: string[] = []) {
  return parseHostedConfig(JSON.stringify({ version: 1, auth, metrics: { users: metricsUsers } }), {
    file: 'team.json',
    baseDir: '/etc/toolscope',
    env: {},
  });
}

const tokens = [{ user: 'alice', sha256: 'a'.repeat(64) }];

describe('names no sign-in can produce', () => {
  it('are warned about in auth.admins and metrics.users when only tokens sign in', () => {
    expect(unreachableNames(parse({ tokens, admins: ['alice', 'opps'] }, ['ops', 'alice']))).toEqual([
      'auth.admins names "opps", whom no sign-in can produce: no token in auth.tokens is theirs, and no trusted header is set',
      'metrics.users names "ops", whom no sign-in can produce: no token in auth.tokens is theirs, and no trusted header is set',
    ]);
  });

  it('are any name with a trusted header, but only addresses with an e-mail header', () => {
    const header = (name: string) => ({ name, from: ['127.0.0.1/32'] });
    expect(unreachableNames(parse({ trustedHeader: header('X-Forwarded-User'), admins: ['opps'] }))).toEqual(
      [],
    );
    expect(
      unreachableNames(
        parse({
          tokens,
          trustedHeader: header('X-Forwarded-Email'),
          admins: ['bob@example.com', 'alice', 'bob'],
        }),
      ),
    ).toEqual([
      'auth.admins names "bob", whom no sign-in can produce: no token in auth.tokens is theirs, and X-Forwarded-Email carries e-mail addresses',
    ]);
  });
});
