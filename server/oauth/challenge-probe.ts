import {
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  type FetchLike,
} from '@modelcontextprotocol/client';
import { maskUrl, type OAuthStep } from '#shared/oauth-step.ts';

/**
 * How long each question before the first message (the metadata, the challenge) waits for the server's
 * answer: a server that never answers one is taken as not asking for sign-in, and the connection goes on.
 */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Whether the server publishes OAuth protected resource metadata (RFC 9728), asked through `fetchFn`. A
 * server that answers with an error, or not within `timeoutMs`, publishes none: a connection never waits
 * forever on a well-known URL the server leaves hanging.
 */
export async function publishesResourceMetadata(
  serverUrl: URL,
  fetchFn: FetchLike,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<boolean> {
  const bounded: FetchLike = (url, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return fetchFn(url, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    });
  };
  try {
    await discoverOAuthProtectedResourceMetadata(serverUrl, {}, bounded);
    return true;
  } catch {
    return false;
  }
}

/** What a protected server answered a request that carried no token. */
export interface Challenge {
  status: number;
  /** The `WWW-Authenticate` header, when there was one. */
  header?: string;
  /** The scope the challenge asks for: the scope to sign in with (MCP's scope selection strategy). */
  scope?: string;
  /** Where the challenge says the protected resource metadata is. */
  resourceMetadataUrl?: URL;
  durationMs: number;
}

/** The request the probe sends: a `ping`, the one request MCP allows before `initialize`. */
export const PROBE_PING = '{"jsonrpc":"2.0","id":"toolscope-sign-in-probe","method":"ping"}';

/**
 * Asks the MCP endpoint, with the target's own headers and no token, what it wants: over
 * Streamable HTTP a `ping` POST, over legacy SSE the GET of its event stream. A protected server
 * answers 401 with its challenge, whose `scope` is what a client signs in with; the client that
 * signs in before its first message must ask what a message would meet, or it picks another scope
 * than a client that signs in at the first 401 (`toolscope check`). Resolves undefined when the
 * server did not answer in time or the request failed; the body is never read.
 */
export async function probeChallenge(
  serverUrl: URL,
  transport: 'http' | 'sse',
  headers: HeadersInit,
  fetchFn: FetchLike,
): Promise<Challenge | undefined> {
  const time = Date.now();
  const sent = new Headers(headers);
  const post = transport === 'http';
  sent.set('accept', post ? 'application/json, text/event-stream' : 'text/event-stream');
  if (post) sent.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetchFn(serverUrl, {
      method: post ? 'POST' : 'GET',
      headers: sent,
      ...(post ? { body: PROBE_PING } : {}),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  } catch {
    return undefined;
  }
  await response.body?.cancel().catch(() => {});
  const header = response.headers.get('www-authenticate') ?? undefined;
  const { scope, resourceMetadataUrl } = header ? extractWWWAuthenticateParams(response) : {};
  return {
    status: response.status,
    ...(header ? { header } : {}),
    ...(scope ? { scope } : {}),
    ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
    durationMs: Date.now() - time,
  };
}

/** The OAuth debugger's row for the probe: what was sent, what the server answered and what follows. */
export function challengeStep(
  challenge: Challenge,
  serverUrl: URL,
  transport: 'http' | 'sse',
  time: number,
  bodies: boolean,
): OAuthStep {
  const { status, header, scope, durationMs } = challenge;
  const decision =
    status === 401
      ? `The server asks for sign-in${header ? ` (WWW-Authenticate: ${header})` : ' (no WWW-Authenticate header)'}${scope ? `: the sign-in asks for the scope it names (${scope})` : ''}`
      : `The server answered a ${transport === 'http' ? 'ping' : 'request'} without a token with HTTP ${status}; it publishes protected resource metadata, so signing in before the first message`;
  return {
    kind: 'challenge',
    time,
    method: transport === 'http' ? 'POST' : 'GET',
    url: maskUrl(serverUrl),
    status,
    durationMs,
    decision,
    ...(transport === 'http' && bodies ? { requestBody: PROBE_PING } : {}),
  };
}
