/** Clear messages for the common ways an OAuth sign-in fails, keyed by OAuth error code. */
const BY_CODE: Record<string, string> = {
  invalid_client:
    'The authorization server rejected the client (invalid_client): check the client id and secret, or clear them to register again',
  unauthorized_client:
    'The authorization server does not allow this client this grant (unauthorized_client): check how the client is registered',
  invalid_scope: 'The authorization server refused the requested scope (invalid_scope)',
  invalid_grant:
    'The authorization code or refresh token was refused (invalid_grant): it expired or was used already; sign in again',
  access_denied: 'Sign-in was cancelled or refused (access_denied)',
  invalid_target:
    "The authorization server refused the resource (invalid_target): the server's metadata names a resource this authorization server does not serve",
  invalid_token: 'The token was refused (invalid_token): it expired or was revoked; sign in again',
};

/**
 * A failure already said in words (an authorization server that did not answer, a sign-in that
 * needs a person where there is none): {@link describeOAuthFailure} keeps its message as it is.
 */
export class SignInFailure extends Error {
  override readonly name = 'SignInFailure';
}

/** What a connection with no browser and no headless sign-in says when the server asks for one. */
export const NO_BROWSER_MESSAGE =
  'The server asks for sign-in and no browser is attached to this connection: allow a sign-in without a browser (toolscope check --oauth-headless follows the authorization redirects, for authorization servers that approve by themselves) or sign in as a machine client (--client-credentials with --client-id and --client-secret)';

/** What is known about a refused scope, so that its message blames the right party. */
export interface ScopeContext {
  /** The scope the sign-in asked for. */
  scope?: string;
  /** Scopes the protected resource and authorization server metadata offer. */
  offered?: readonly string[];
  /** The client is pre-registered (its allowed scopes are set by whoever registered it). */
  preRegistered?: boolean;
}

/**
 * A sentence for an OAuth failure: what went wrong and what to do. Recognises the SDK's errors
 * (OAuth error codes, issuer and resource checks, missing metadata, redirect mismatches); anything
 * else keeps its own message. Never includes a token: the SDK's messages hold none.
 */
export function describeOAuthFailure(error: unknown, context: ScopeContext = {}): string {
  if (error instanceof SignInFailure) return error.message;
  const code = (error as { code?: unknown } | undefined)?.code;
  const message =
    error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error);
  // Already in words (see unansweredMessage): no code's sentence fits better.
  if (code === 'temporarily_unavailable' && /did not answer/.test(message)) return message;
  if (code === 'invalid_scope') return `${BY_CODE.invalid_scope}${scopeAdvice(context)}${detail(message)}`;
  if (typeof code === 'string' && BY_CODE[code]) return `${BY_CODE[code]}${detail(message)}`;
  // Before "registration refused": a registration refused for its redirect URI says which to fix.
  if (/redirect_uri|redirect uri/i.test(message))
    return `The authorization server does not accept the redirect URI (redirect mismatch): register the bridge's /oauth/callback for this client${detail(message)}`;
  // With no metadata anywhere, the SDK falls back to the server's own /register; a 404 there means
  // nothing to sign in with was published.
  if (/Registration rejected \(HTTP 404\)/i.test(message))
    return `No OAuth metadata: the server asks for sign-in but neither it nor its authorization server publishes the metadata needed to sign in (no protected resource or authorization server metadata, and no /register to fall back on)${detail(message)}`;
  if (/Registration rejected/i.test(message))
    return `Client registration refused: the authorization server (or, when the server publishes no OAuth metadata, the server itself) would not register Toolscope; enter a pre-registered client id and secret${detail(message)}`;
  if (/iss(uer)?\b.*(mismatch|does not match|expected)|mismatch.*issuer/i.test(message))
    return `Issuer mismatch: the authorization server's answer names another issuer than its metadata, so it is not trusted${detail(message)}`;
  if (/resource.*(does not match|mismatch)|protected resource .* does not match/i.test(message))
    return `Wrong resource: the server's protected resource metadata names a resource that is not this server's URL${detail(message)}`;
  if (/metadata|discover|well-known|404/i.test(message) || /Authentication failed for/.test(message))
    return `No OAuth metadata: the server asks for sign-in but neither it nor its authorization server publishes the metadata needed to sign in (HTTP 401)${detail(message)}`;
  return message;
}

/**
 * Who to ask about a refused scope. When the metadata offers every scope asked for, the server
 * asked for nothing wrong: the authorization server holds this client to fewer scopes.
 */
function scopeAdvice({ scope, offered, preRegistered }: ScopeContext): string {
  const asked = scope?.split(' ').filter(Boolean) ?? [];
  const missing = offered ? asked.filter((name) => !offered.includes(name)) : [];
  const named = scope ? ` (${scope})` : '';
  if (offered && asked.length && !missing.length)
    return preRegistered
      ? `: its metadata offers${named}, but this pre-registered client may not ask for all of it; allow the scope for the client at the authorization server`
      : `: its metadata offers${named}, but it holds Toolscope's registration to fewer scopes`;
  if (missing.length)
    return `: the server asked for ${missing.join(' ')}, which its authorization server's metadata does not offer`;
  return named ? `: asked for ${scope}` : '';
}

/**
 * The message for an OAuth request to `url` that got no answer at all: the authorization server
 * (or, for its protected resource metadata, the server) is down or unreachable, said with its
 * origin and the network's reason.
 */
export function unansweredMessage(url: URL, error: unknown, who = 'authorization server'): string {
  return `The ${who} at ${url.origin} did not answer (${networkReason(error)})`;
}

/** The network's reason for a failed fetch, in words (Node's fetch hides it in `cause`). */
export function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : (error as { code?: unknown })?.code;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'name lookup failed',
    ETIMEDOUT: 'timed out',
    UND_ERR_CONNECT_TIMEOUT: 'timed out while connecting',
    UND_ERR_SOCKET: 'connection closed',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
  };
  if (typeof code === 'string' && reasons[code]) return reasons[code];
  if ((error as Error | undefined)?.name === 'TimeoutError') return 'timed out';
  const text = typeof cause?.message === 'string' ? cause.message : (error as Error | undefined)?.message;
  return text || 'no answer';
}

function detail(message: string): string {
  return message ? ` [${message}]` : '';
}
