import type { HostedConfig } from '../config/load-config.ts';

/**
 * Warnings for names in `auth.admins` and `metrics.users` that no sign-in method of the config can
 * produce (a typo such as "opps" would otherwise be accepted silently and grant nothing): without a
 * trusted header only token users can sign in; a header named for e-mail addresses gives names
 * with an "@".
 */
export function unreachableNames(config: HostedConfig): string[] {
  const tokenUsers = new Set(config.auth.tokens.map((token) => token.user));
  const header = config.auth.trustedHeader?.name;
  const emails = header !== undefined && /mail/i.test(header);
  const reachable = (name: string): boolean =>
    tokenUsers.has(name) || (header !== undefined && (!emails || name.includes('@')));
  const why = !header
    ? 'no token in auth.tokens is theirs, and no trusted header is set'
    : `no token in auth.tokens is theirs, and ${header} carries e-mail addresses`;
  const warnings: string[] = [];
  for (const [key, names] of [
    ['auth.admins', config.auth.admins],
    ['metrics.users', config.metrics.users],
  ] as const) {
    const unknown = names.filter((name) => !reachable(name));
    if (unknown.length)
      warnings.push(
        `${key} names ${unknown.map((name) => JSON.stringify(name)).join(', ')}, whom no sign-in can produce: ${why}`,
      );
  }
  return warnings;
}
