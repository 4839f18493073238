/**
 * One step of an OAuth sign-in as the bridge saw it, for the page's OAuth debugger. Never holds a
 * token, a secret, a code or a verifier: URLs keep only their non-secret query parameters.
 */
export interface OAuthStep {
  /** What the step is. */
  kind:
    | 'challenge'
    | 'resource-metadata'
    | 'server-metadata'
    | 'registration'
    | 'authorize'
    | 'callback'
    | 'token'
    | 'refresh'
    | 'signed-in'
    | 'failed';
  /** Milliseconds since the epoch, when the step started. */
  time: number;
  /** The HTTP method and URL of the request, when the step is one. */
  method?: string;
  url?: string;
  /** The response's status, when one came. */
  status?: number;
  /** How long the request took, in milliseconds. */
  durationMs?: number;
  /** The decision taken after this step, and why, in a sentence. */
  decision: string;
  /** What the request sent (registration metadata, the token request's form), secrets masked. */
  requestBody?: string;
  /** What the answer said (metadata, the registered client, the token answer), secrets masked. */
  responseBody?: string;
}

/** Query parameters whose values are secrets (the code, the PKCE verifier, tokens). */
const SECRET_PARAMS = new Set([
  'code',
  'code_verifier',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'client_assertion',
  'assertion',
]);

/** A URL fit for the step log: secret query values read `***`. */
export function maskUrl(url: string | URL): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()])
    if (SECRET_PARAMS.has(name)) parsed.searchParams.set(name, '***');
  return parsed.href;
}
