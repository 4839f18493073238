import type { FetchLike } from '@modelcontextprotocol/client';
import { AddressRefusedError, createPinnedFetch, type Resolver } from './pinned-fetch.ts';
import type { UrlPolicy } from './url-policy.ts';

/** Most redirects one request follows, as browsers do (20 there; an MCP endpoint needs few). */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Credentials fetch drops when a redirect leaves the origin. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/** A fetch that reaches only what a {@link UrlPolicy} allows; `close` ends its idle connections. */
export interface GuardedFetch {
  fetch: FetchLike;
  close(): void;
}

/**
 * A standalone fetch (the shape both SDK generations take) for user-entered URLs: every URL it
 * requests, the first and each redirect's, is checked by the policy before anything is sent, and
 * every connection it opens is checked again at the address it actually connects to (see
 * createPinnedFetch). `redirect: 'manual'` and `'error'` behave as in fetch; `'follow'` (the
 * default) follows up to {@link MAX_REDIRECTS} redirects, checking each.
 */
export function createGuardedFetch(policy: UrlPolicy, options: { resolve?: Resolver } = {}): GuardedFetch {
  const pinned = createPinnedFetch({
    checkAddress: (host, address) => policy.checkAddress(host, address),
    resolve: options.resolve,
  });
  const fetch: FetchLike = async (input, init) => {
    let url = new URL(input);
    let current: RequestInit = { ...init };
    const mode = init?.redirect ?? 'follow';
    for (let followed = 0; ; followed++) {
      const refusal = policy.checkUrl(url);
      if (refusal) throw new AddressRefusedError(refusal);
      const response = await pinned.fetch(url, { ...current, redirect: 'manual' });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location || mode === 'manual') return response;
      await response.body?.cancel();
      if (mode === 'error')
        throw new TypeError('fetch failed', { cause: new Error(`Redirected to ${location}`) });
      if (followed === MAX_REDIRECTS)
        throw new TypeError('fetch failed', { cause: new Error(`More than ${MAX_REDIRECTS} redirects`) });
      const next = new URL(location, url);
      current = redirectedInit(current, response.status, url, next);
      url = next;
    }
  };
  return { fetch, close: () => pinned.close() };
}

/** The request a redirect leads to, by fetch's rules: 303 (and 301/302 after a POST) become GET; credentials stay in their origin. */
function redirectedInit(init: RequestInit, status: number, from: URL, to: URL): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  let next: RequestInit = { ...init, headers };
  if (
    (status === 303 && method !== 'GET' && method !== 'HEAD') ||
    ((status === 301 || status === 302) && method === 'POST')
  ) {
    next = { ...next, method: 'GET', body: undefined };
    for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language'])
      headers.delete(name);
  }
  if (from.origin !== to.origin) for (const name of ORIGIN_BOUND_HEADERS) headers.delete(name);
  return next;
}
