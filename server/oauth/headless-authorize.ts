import type { FetchLike } from '@modelcontextprotocol/client';
import { maskUrl, type OAuthStep } from '#shared/oauth-step.ts';
import { SignInFailure } from './oauth-failure.ts';

/** Most redirects followed from the authorization URL to the callback. */
const MAX_HOPS = 10;

/**
 * Follows an authorization URL without a browser (CI, servers that approve by themselves): GETs it
 * and each `Location` in turn, keeping the cookies the server sets on the way (its login session),
 * until a redirect points at `redirectUrl`; resolves with that redirect's query. Fails with a
 * readable message when the server stops redirecting (it wants a person, or it refuses the
 * redirect URI), or after too many hops.
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
    if (!location || response.status < 300 || response.status >= 400) {
      const page = await response.text().catch(() => '');
      // An authorization server that refuses the redirect URI cannot send the browser back, so it
      // says so on its own page (oidc-provider: "redirect_uri did not match any of the client's
      // registered redirect_uris").
      if (response.status >= 400 && /redirect_uri|redirect uri/i.test(page))
        throw new Error(
          `The authorization server does not accept the redirect URI (redirect mismatch): register ${redirectUrl} for this client, the redirect URI of sign-ins without a browser (HTTP ${response.status} at ${url.origin}${url.pathname})`,
        );
      throw new Error(
        `Headless sign-in stopped at ${url.origin}${url.pathname} (HTTP ${response.status}): the authorization server wants a person to sign in; connect without headless mode to sign in in the browser`,
      );
    }
    await response.body?.cancel();
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUrl.split('?')[0]!)) return next.searchParams;
    url = next;
  }
  throw new Error(`Headless sign-in gave up after ${MAX_HOPS} redirects without reaching the callback`);
}

/**
 * A connection's headless authorization: {@link followAuthorization}, reported as the Authorize
 * step (how long it took, or where it stopped and why). A failure is already in words.
 */
export async function headlessAuthorization(
  url: URL,
  redirectUrl: string,
  step: (step: OAuthStep) => void,
): Promise<URLSearchParams> {
  const time = Date.now();
  const shown = { kind: 'authorize' as const, time, method: 'GET', url: maskUrl(url) };
  try {
    const params = await followAuthorization(url, redirectUrl);
    step({
      ...shown,
      durationMs: Date.now() - time,
      decision: 'Followed the authorization redirects without a browser up to the callback',
    });
    return params;
  } catch (error) {
    step({ ...shown, decision: (error as Error).message });
    throw error instanceof Error ? new SignInFailure(error.message, { cause: error }) : error;
  }
}
