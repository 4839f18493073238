/** Clear messages for the common ways an OAuth sign-in fails, keyed by OAuth error code. */
const BY_CODE: Record<string, string> = {
  invalid_client:
    'The authorization server rejected the client (invalid_client): check the client id and secret, or clear them to register again',
  unauthorized_client:
    'The authorization server does not allow this client this grant (unauthorized_client): check how the client is registered',
  invalid_scope:
    'The authorization server refused the requested scope (invalid_scope): the server asked for a scope its authorization server does not offer',
  invalid_grant:
    'The authorization code or refresh token was refused (invalid_grant): it expired or was used already; sign in again',
  access_denied: 'Sign-in was cancelled or refused (access_denied)',
  invalid_target:
    "The authorization server refused the resource (invalid_target): the server's metadata names a resource this authorization server does not serve",
  invalid_token: 'The token was refused (invalid_token): it expired or was revoked; sign in again',
};

/**
 * A sentence for an OAuth failure: what went wrong and what to do. Recognises the SDK's errors
 * (OAuth error codes, issuer and resource checks, missing metadata, redirect mismatches); anything
 * else keeps its own message. Never includes a token: the SDK's messages hold none.
 */
export function describeOAuthFailure(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message =
    error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error);
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

function detail(message: string): string {
  return message ? ` [${message}]` : '';
}
