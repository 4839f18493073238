import { maskUrl } from '#shared/oauth-step.ts';
import { headlessAuthorization } from './headless-authorize.ts';
import { NO_BROWSER_MESSAGE, SignInFailure } from './oauth-failure.ts';
import type { OAuthOptions } from './oauth-options.ts';
import type { SignInSteps } from './sign-in-steps.ts';

/**
 * How a connection signs in: a person in a browser (the page), following the redirects without
 * one (headless: chosen by `--oauth-headless`), a machine client with no user, or not at all (a
 * check run that was not allowed to sign in headless).
 */
export type SignInMode = 'browser' | 'headless' | 'machine' | 'none';

export function signInMode(options: OAuthOptions): SignInMode {
  if (options.clientCredentials || options.assertion || options.enterprise) return 'machine';
  if (options.headless) return 'headless';
  return options.authorize ? 'browser' : 'none';
}

/** What {@link promptAuthorization} needs to know about the connection. */
export interface PromptContext {
  mode: SignInMode;
  options: OAuthOptions;
  /** The redirect URI the authorization URL names. */
  redirectUrl: string;
  steps: SignInSteps;
  /** The scope of the token the connection holds (a step-up adds to it), when it holds one. */
  heldScope: () => string | undefined;
}

/**
 * Puts an authorization URL before someone and resolves with the query of its redirect back.
 * Headless: its redirects are followed without a browser. Browser: the page is told to open it
 * (an `oauth-sign-in` event with the scope a step-up adds) and the bridge's callback brings the
 * answer; `retryOf` is the state of the refused authorization this one asks again. Anything else
 * has nobody to sign in and fails in words.
 */
export async function promptAuthorization(
  url: URL,
  state: string,
  retryOf: string | undefined,
  { mode, options, redirectUrl, steps, heldScope }: PromptContext,
): Promise<URLSearchParams> {
  if (mode === 'headless') return headlessAuthorization(url, redirectUrl, (step) => steps.step(step));
  if (mode !== 'browser' || !options.authorize) throw new SignInFailure(NO_BROWSER_MESSAGE);
  await steps.pause({ kind: 'authorize', method: 'GET', url: maskUrl(url) });
  steps.step({
    kind: 'authorize',
    method: 'GET',
    url: maskUrl(url),
    decision: 'Waiting for you to sign in in the browser',
  });
  const scope = url.searchParams.get('scope') ?? undefined;
  const adds = addedScopes(heldScope(), scope);
  steps.emit({
    kind: 'oauth-sign-in',
    url: options.signInLink?.(url, state) ?? url.href,
    ...(scope ? { scope } : {}),
    ...(adds ? { adds } : {}),
  });
  return options.authorize(url, state, retryOf);
}

/** The scopes of `scope` a token holding `held` lacks (a step-up's); undefined without a token. */
function addedScopes(held: string | undefined, scope: string | undefined): string | undefined {
  const names = held?.split(' ');
  if (!names || !scope) return undefined;
  const added = scope.split(' ').filter((name) => name !== 'offline_access' && !names.includes(name));
  return added.length ? added.join(' ') : undefined;
}
