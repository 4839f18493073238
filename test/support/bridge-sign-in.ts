import { followAuthorization } from '../../server/oauth/headless-authorize.ts';
import { OAuthClients, OAuthClientSocket } from '../../web/src/features/oauth/oauth-clients.ts';
import { bridgeSocketUrl } from '#client/transport/bridge-socket.ts';
import { BridgeTransport } from '#client/transport/bridge-transport.ts';
import { McpSession } from '#client/session/mcp-session.ts';
// Also installs `ws` as the global WebSocket the page's session code needs in Node.
import './node-session.ts';

/** The bridge's OAuth callback on `port`: where the authorization server sends the person's browser back. */
export function bridgeCallbackUrl(port: number): string {
  return `http://127.0.0.1:${port}/oauth/callback`;
}

/**
 * A page's session on the bridge at `port`, sending the OAuth clients the page entered (`clients`)
 * with its connect, as the page's OAuthClientSocket does.
 */
export function oauthPageSession(port: number, token: string, clients = new OAuthClients()): McpSession {
  const origin = new URL(`http://127.0.0.1:${port}`);
  return new McpSession({
    createTransport: (target) =>
      new BridgeTransport(new OAuthClientSocket(bridgeSocketUrl(origin, token), clients), target),
  });
}

/** The last sign-in link the bridge sent `session` (its `oauth-sign-in` event), if any yet. */
export function lastSignInUrl(session: McpSession): string | undefined {
  return session.state
    .get()
    .log.flatMap(({ event }) => (event.kind === 'oauth-sign-in' ? [event.url] : []))
    .at(-1);
}

/** What the bridge's callback answered the browser, and the query the authorization server sent there. */
export interface CallbackLanding {
  status: number;
  /** The page the callback showed. */
  text: string;
  /** The callback's query (code and state): loading it again is a replayed callback. */
  params: URLSearchParams;
}

/**
 * What the person's browser does with a sign-in link: follows the authorization server (which
 * approves by itself in the fixtures) back to the bridge's `callbackUrl`, and loads that page.
 * When the callback sends the tab on (the sign-in is asked again after a refused scope), the
 * browser follows it as it followed the first link; `hops` counts the authorizations followed.
 */
export async function signInThroughBridge(
  signInUrl: string,
  callbackUrl: string,
): Promise<CallbackLanding & { hops: number }> {
  let url = signInUrl;
  for (let hops = 1; ; hops++) {
    const params = await followAuthorization(new URL(url, callbackUrl), callbackUrl);
    const landing = await fetch(`${callbackUrl}?${params}`, { redirect: 'manual' });
    const next = landing.headers.get('location');
    if (!next || hops >= 3) return { status: landing.status, text: await landing.text(), params, hops };
    await landing.body?.cancel();
    url = next;
  }
}
