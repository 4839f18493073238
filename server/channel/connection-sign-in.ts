import type { ServerTarget } from '#shared/targets.ts';
import type { OAuthCallbacks } from '../oauth/oauth-callbacks.ts';
import { OAuthGuide } from '../oauth/oauth-guide.ts';
import type { OAuthOptions } from '../oauth/oauth-options.ts';
import type { UpstreamOptions } from '../upstream/open-upstream.ts';
import type { ConnectRequest } from './channel-policy.ts';

/** How one of a channel's connections signs in, and its guide when the page asked for guided mode. */
export interface ConnectionSignIn {
  upstream: UpstreamOptions;
  guide: OAuthGuide | undefined;
}

/**
 * The upstream options of a page's connection with its OAuth sign-in: browser sign-in through the
 * bridge's callbacks for an HTTP target (each connection its own OAuth state, so nothing is shared
 * between connections or users), the pre-registered client the page sent, guided mode when asked
 * for, and what the policy admitted (a catalog entry's client) over all of it.
 */
export function connectionSignIn(
  callbacks: OAuthCallbacks | undefined,
  request: ConnectRequest,
  target: ServerTarget,
  admitted: UpstreamOptions | undefined,
  owner: string | undefined,
): ConnectionSignIn {
  const oauth =
    target.transport !== 'stdio' && callbacks?.redirectUrl ? callbacks.options(target.url, owner) : undefined;
  const guide = oauth && !request.catalog && request.oauthGuided ? new OAuthGuide() : undefined;
  const guided = guide ? { guide } : {};
  return {
    upstream: {
      ...admitted,
      ...(oauth
        ? { oauth: { ...oauth, ...oauthClientOptions(request), ...guided, ...admitted?.oauth } }
        : {}),
    },
    guide,
  };
}

/** The pre-registered OAuth client the page sent with a connect, as upstream OAuth options. */
function oauthClientOptions(request: ConnectRequest): OAuthOptions {
  const client = request.catalog ? undefined : request.oauthClient;
  if (!client) return {};
  return {
    clientId: client.clientId,
    ...(client.clientSecret ? { clientSecret: client.clientSecret } : {}),
    ...(client.tokenEndpointAuthMethod ? { tokenEndpointAuthMethod: client.tokenEndpointAuthMethod } : {}),
  };
}
