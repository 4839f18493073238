import { isIP } from 'node:net';
import type { CatalogChoice } from '#shared/bridge-protocol.ts';
import { redactTargetForSharing } from '#shared/redaction.ts';
import type { HttpTarget, ServerTarget } from '#shared/targets.ts';
import type { CatalogEntry, CatalogOAuth } from '../config/load-config.ts';
import { createGuardedFetch, type GuardedFetch } from '../net/guarded-fetch.ts';
import type { Resolver } from '../net/pinned-fetch.ts';
import { systemResolver } from '../net/pinned-fetch.ts';
import { hostOf, type UrlPolicy } from '../net/url-policy.ts';

/** What a connect may open: the target, how the audit log and the list of open connections name it, its guarded fetch. */
export interface ChosenTarget {
  target: ServerTarget;
  label: string;
  catalog: boolean;
  fetch?: GuardedFetch;
  /** A catalog entry's target as the admin wrote it (its secrets, without the user's own headers). */
  entryTarget?: ServerTarget;
  /** A catalog entry's pre-registered OAuth client (the admin's; never sent to the page). */
  oauth?: CatalogOAuth;
}

export type Choice = { ok: true; chosen: ChosenTarget } | { ok: false; error: string };

const CATALOG_ONLY =
  'This bridge starts only the servers in its catalog: pick one under "Catalog server". It refuses commands and URLs sent by the page.';

/** A catalog server with the user's own header values (only those the entry lets users set). */
export function chooseCatalogEntry(
  catalog: ReadonlyMap<string, CatalogEntry>,
  choice: CatalogChoice,
): Choice {
  const entry = catalog.get(choice.server);
  if (!entry) {
    const names = [...catalog.keys()];
    return fail(
      `No server "${choice.server}" in this bridge's catalog${names.length ? `; it has: ${names.join(', ')}` : ''}.`,
    );
  }
  const settable = new Map(entry.userHeaders.map((name) => [name.toLowerCase(), name]));
  const userHeaders: [string, string][] = [];
  for (const [name, value] of Object.entries(choice.headers ?? {})) {
    const canonical = settable.get(name.toLowerCase());
    if (!canonical)
      return fail(
        `"${entry.name}" does not let users set the header ${name}` +
          (settable.size ? ` (only ${[...settable.values()].join(', ')})` : '') +
          '.',
      );
    if (value !== '') userHeaders.push([canonical, value]);
  }
  // The era is the page's to choose (it speaks the protocol); the bridge keeps it with the target
  // so that the recording says which era was asked for.
  const era = choice.era ?? entry.target.era;
  const target: ServerTarget =
    entry.target.transport === 'stdio'
      ? { ...entry.target, ...(era ? { era } : {}) }
      : {
          ...entry.target,
          headers: { ...entry.target.headers, ...Object.fromEntries(userHeaders) },
          ...(era ? { era } : {}),
        };
  return {
    ok: true,
    chosen: {
      target,
      label: entry.name,
      catalog: true,
      entryTarget: entry.target,
      ...(entry.oauth && target.transport !== 'stdio' ? { oauth: entry.oauth } : {}),
    },
  };
}

/**
 * A target the page named itself: never a command; an HTTP URL only when the admin enabled user
 * URLs, and only when the URL and every address its host resolves to now pass the policy. The
 * guarded fetch checks again at each connection and redirect, since DNS answers can change.
 */
export async function chooseUserTarget(
  target: ServerTarget,
  userUrls: { enabled: boolean; policy: UrlPolicy },
  resolve: Resolver = systemResolver,
): Promise<Choice> {
  if (target.transport === 'stdio' || !userUrls.enabled) return fail(CATALOG_ONLY);
  const url = new URL(target.url);
  const label = (redactTargetForSharing(target) as HttpTarget).url;
  const refused = (reason: string) => fail(`Refused ${label}: ${reason}.`);
  const early = userUrls.policy.checkUrl(url);
  if (early) return refused(early);
  const host = hostOf(url);
  if (!isIP(host)) {
    let addresses;
    try {
      addresses = await resolve(host);
    } catch (error) {
      return fail(`Cannot resolve ${host}: ${(error as Error).message}`);
    }
    const problems = addresses.map((entry) => userUrls.policy.checkAddress(host, entry.address));
    if (!addresses.length) return refused(`${host} has no address`);
    if (problems.every((problem) => problem !== undefined)) return refused(problems[0]!);
  }
  const fetch = createGuardedFetch(userUrls.policy, { resolve });
  return { ok: true, chosen: { target, label, catalog: false, fetch } };
}

function fail(error: string): Choice {
  return { ok: false, error };
}
