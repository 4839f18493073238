import type { FetchLike } from '@modelcontextprotocol/client';

/** Most redirects followed from the authorization URL to the callback. */
const MAX_HOPS = 10;

/**
 * Follows an authorization URL without a browser (CI, servers that approve by themselves): GETs it
 * and each `Location` in turn, keeping the cookies the server sets on the way (its login session),
 * until a redirect points at `redirectUrl`; resolves with that redirect's query. Fails with a
 * readable message when the server stops redirecting (it wants a person), or after too many hops.
 */
export async function followAuthorization(
  authorizationUrl: URL,
  redirectUrl: string,
  fetchFn: FetchLike = (url, init) => fetch(url, init),
): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetchFn(url, {
      redirect: 'manual',
      headers: cookie ? { cookie } : {},
    });
    for (const line of response.headers.getSetCookie?.() ?? []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get('location');
    await response.body?.cancel();
    if (!location || response.status < 300 || response.status >= 400)
      throw new Error(
        `Headless sign-in stopped at ${url.origin}${url.pathname} (HTTP ${response.status}): the authorization server wants a person to sign in; connect without headless mode to sign in in the browser`,
      );
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUrl.split('?')[0]!)) return next.searchParams;
    url = next;
  }
  throw new Error(`Headless sign-in gave up after ${MAX_HOPS} redirects without reaching the callback`);
}
