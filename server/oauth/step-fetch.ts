import { OAuthError, type FetchLike } from '@modelcontextprotocol/client';
import { maskUrl, type OAuthStep } from '#shared/oauth-step.ts';
import { unansweredMessage } from './oauth-failure.ts';
import { requestBodyShown, responseBodyShown } from './step-bodies.ts';

type OAuthRequestKind = 'resource-metadata' | 'server-metadata' | 'registration' | 'token' | 'refresh';

/**
 * Splits the fetch of an HTTP upstream in two: the SDK's OAuth requests (metadata, registration,
 * token) go straight to `base`, outside the MCP wire tap, and each is reported as a step with its
 * status, time and what it decided; MCP requests go to `mcp`, and an answer that asks for sign-in
 * (401, or 403 `insufficient_scope`) is reported as a challenge. With `bodies`, a step carries what
 * was sent and answered (metadata, registration, token), its secrets masked (see step-bodies.ts).
 * An OAuth request that gets no answer at all fails with a sentence naming the authorization
 * server and the network's reason, as an OAuth error the SDK does not take for a reason to start
 * a new sign-in (an authorization server that is down cannot sign anyone in).
 */
export function oauthStepFetch(
  mcp: FetchLike,
  base: FetchLike,
  onstep: (step: OAuthStep) => void,
  /** Guided mode: awaited before each OAuth request is sent (the page's "Next step"). */
  gate?: (next: { kind: OAuthStep['kind']; method: string; url: string }) => Promise<void>,
  bodies = false,
): FetchLike {
  /**
   * Refreshes on their way, by request body. Two requests that meet a 401 together (a POST and
   * the GET stream) both refresh with the same refresh token; an authorization server that
   * rotates refresh tokens takes the second as a replay and revokes the grant. So the second
   * waits for the first's answer instead of sending its own.
   */
  const refreshing = new Map<string, Promise<Response>>();
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const kind = classify(url, init);
    const method = init?.method ?? 'GET';
    // Guided mode waits before the request; its time starts when it is sent.
    if (kind && gate) await gate({ kind, method, url: maskUrl(url) });
    const time = Date.now();
    const shown = { time, method, url: maskUrl(url) };
    const body = kind === 'refresh' ? String(init?.body) : undefined;
    const shared = body === undefined ? undefined : refreshing.get(body);
    if (shared) return (await shared).clone();
    let response: Response;
    try {
      const answer = (kind ? base : mcp)(input, init);
      if (body !== undefined) {
        refreshing.set(body, answer);
        // Kept until the answer came: later refreshes with this token are the caller's business.
        void answer.finally(() => refreshing.delete(body)).catch(() => {});
      }
      response = await answer;
      if (body !== undefined) response = response.clone();
    } catch (error) {
      if (!kind || (error as Error | undefined)?.name === 'AbortError') throw error;
      const message = unansweredMessage(url, error, kind === 'resource-metadata' ? 'server' : undefined);
      onstep({ kind, ...shown, durationMs: Date.now() - time, decision: message });
      throw new OAuthError('temporarily_unavailable', message);
    }
    const durationMs = Date.now() - time;
    if (kind) {
      const sent = bodies ? requestBodyShown(init?.body) : undefined;
      const answered = bodies ? await responseBodyShown(response) : undefined;
      onstep({
        kind,
        ...shown,
        status: response.status,
        durationMs,
        decision: await decide(kind, response),
        ...(sent ? { requestBody: sent } : {}),
        ...(answered ? { responseBody: answered } : {}),
      });
      return response;
    }
    const challenge = response.headers.get('www-authenticate');
    if (response.status === 401 || (response.status === 403 && /insufficient_scope/.test(challenge ?? ''))) {
      onstep({
        kind: 'challenge',
        ...shown,
        status: response.status,
        durationMs,
        decision:
          response.status === 401
            ? `The server asks for sign-in${challenge ? ` (WWW-Authenticate: ${challenge})` : ' (no WWW-Authenticate header)'}`
            : `The token lacks a scope the server needs: asking for more (WWW-Authenticate: ${challenge})`,
      });
    }
    return response;
  };
}

function classify(url: URL, init: RequestInit | undefined): OAuthRequestKind | undefined {
  if (url.pathname.includes('/.well-known/oauth-protected-resource')) return 'resource-metadata';
  if (
    url.pathname.includes('/.well-known/oauth-authorization-server') ||
    url.pathname.includes('/.well-known/openid-configuration')
  )
    return 'server-metadata';
  if (init?.method !== 'POST') return undefined;
  const body = init.body;
  if (body instanceof URLSearchParams || (typeof body === 'string' && /(^|&)grant_type=/.test(body))) {
    const grant = new URLSearchParams(String(body)).get('grant_type');
    return grant === 'refresh_token' ? 'refresh' : 'token';
  }
  if (typeof body === 'string' && body.startsWith('{') && /"redirect_uris"|"grant_types"/.test(body))
    return 'registration';
  return undefined;
}

/** What a step's answer means, in a sentence (from metadata fields and OAuth error codes only). */
async function decide(kind: OAuthRequestKind, response: Response): Promise<string> {
  const json = await response
    .clone()
    .json()
    .then((value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {}))
    .catch(() => ({}) as Record<string, unknown>);
  if (!response.ok) {
    const error = typeof json.error === 'string' ? json.error : undefined;
    const description = typeof json.error_description === 'string' ? `: ${json.error_description}` : '';
    if (kind === 'resource-metadata' || kind === 'server-metadata')
      return `Not found here (HTTP ${response.status}): trying the next well-known location`;
    const refused = `Refused (HTTP ${response.status}${error ? `, ${error}` : ''}${description})`;
    // A refused refresh is not the end: the SDK's sign-in starts over with the person.
    return kind === 'refresh' && error === 'invalid_grant'
      ? `${refused}: the refresh token expired or was revoked, so you sign in again`
      : refused;
  }
  switch (kind) {
    case 'resource-metadata':
      return `Resource ${String(json.resource)} is protected by ${JSON.stringify(json.authorization_servers ?? [])}${
        Array.isArray(json.scopes_supported) ? `; scopes ${json.scopes_supported.join(' ')}` : ''
      }`;
    case 'server-metadata':
      return `Authorization server ${String(json.issuer)}: ${
        json.client_id_metadata_document_supported === true
          ? 'accepts Client ID Metadata Documents'
          : json.registration_endpoint
            ? 'offers dynamic client registration'
            : 'no registration offered (needs a pre-registered client)'
      }; PKCE ${JSON.stringify(json.code_challenge_methods_supported ?? 'not announced')}`;
    case 'registration':
      return `Registered as client ${String(json.client_id)} (${String(json.token_endpoint_auth_method ?? 'none')})`;
    case 'token':
      return `Got an access token${json.refresh_token ? ' and a refresh token' : ''}${
        typeof json.scope === 'string' ? ` for scopes ${json.scope}` : ''
      }`;
    case 'refresh':
      return 'Refreshed the access token';
  }
}
