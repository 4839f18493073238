import {
  DPOP_SUPPORTED_ALGS,
  DpopSession,
  discoverAndRequestJwtAuthGrant,
  requestJwtAuthorizationGrant,
  type DpopAlg,
  type FetchLike,
  type OAuthDiscoveryState,
} from '@modelcontextprotocol/client';

/** The JWT-bearer grant type (RFC 7523 §2.1). */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * Enterprise-managed authorization (SEP-990): the user's ID token from the enterprise identity
 * provider is exchanged there (RFC 8693) for a grant the MCP server's authorization server takes
 * in a JWT-bearer token request.
 */
export interface EnterpriseIdp {
  /** The ID token the enterprise IdP issued to the user. */
  idToken: string;
  /** The IdP's issuer URL: its token endpoint comes from its metadata (unless `tokenEndpoint`). */
  idpUrl?: string;
  /** The IdP's token endpoint, when known (no discovery then). */
  tokenEndpoint?: string;
  /** This client's id at the IdP. */
  idpClientId: string;
  /** This client's secret at the IdP, when it is a confidential client there. */
  idpClientSecret?: string;
}

/** The token request of the JWT-bearer grant with `assertion`. */
export function jwtBearerRequest(assertion: string, scope?: string): URLSearchParams {
  const params = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion });
  if (scope) params.set('scope', scope);
  return params;
}

/**
 * Asks the enterprise IdP for a JWT authorization grant (ID-JAG) for the discovered authorization
 * server and resource, through the SDK's token exchange.
 */
export async function enterpriseGrant(
  idp: EnterpriseIdp,
  target: { issuer: string; resource: string },
  scope: string | undefined,
  fetchFn: FetchLike,
): Promise<string> {
  const request = {
    audience: target.issuer,
    resource: target.resource,
    idToken: idp.idToken,
    clientId: idp.idpClientId,
    ...(idp.idpClientSecret ? { clientSecret: idp.idpClientSecret } : {}),
    ...(scope ? { scope } : {}),
    fetchFn,
  };
  const result = idp.tokenEndpoint
    ? await requestJwtAuthorizationGrant({ ...request, tokenEndpoint: idp.tokenEndpoint })
    : await discoverAndRequestJwtAuthGrant({ ...request, idpUrl: idp.idpUrl ?? '' });
  return result.jwtAuthGrant;
}

/**
 * Whether to ask for DPoP-bound tokens (RFC 9449). `always` does; `auto` does once the resource
 * server asked for them: a challenge with the `DPoP` scheme (§7.1) or protected resource metadata
 * with `dpop_bound_access_tokens_required` (RFC 9728 §2). Bearer stays the default otherwise: a
 * DPoP-bound token is useless at a resource server that does not take DPoP.
 */
export function wantsDpop(
  mode: 'always' | 'auto' | 'never',
  challenged: boolean,
  discovery: OAuthDiscoveryState | undefined,
): boolean {
  if (mode !== 'auto') return mode === 'always';
  const required = (
    discovery?.resourceMetadata as { dpop_bound_access_tokens_required?: unknown } | undefined
  )?.dpop_bound_access_tokens_required;
  return challenged || required === true;
}

/** A DPoP key for this connection, in the first algorithm the authorization server names that the SDK signs with. */
export function createDpopSession(discovery: OAuthDiscoveryState | undefined): Promise<DpopSession> {
  const offered = (
    discovery?.authorizationServerMetadata as { dpop_signing_alg_values_supported?: unknown } | undefined
  )?.dpop_signing_alg_values_supported;
  const alg = Array.isArray(offered)
    ? offered.find((value): value is DpopAlg => (DPOP_SUPPORTED_ALGS as readonly unknown[]).includes(value))
    : undefined;
  return DpopSession.create({ alg: alg ?? 'ES256' });
}

/** A `WWW-Authenticate` header whose challenge uses the DPoP scheme. */
export function isDpopChallenge(header: string | null): boolean {
  return /(^|,\s*)DPoP(\s|$)/i.test(header ?? '');
}

/** How a connection may sign in without a user, as its options say. */
export interface MachineOptions {
  clientId?: string;
  clientSecret?: string;
  /** A PEM (PKCS #8) private key: the client authenticates with a signed JWT (private_key_jwt). */
  privateKey?: string;
  /**
   * The client_credentials grant (no user): `always`, or `auto` when the authorization server
   * advertises client_credentials and not authorization_code and the client has a secret or key.
   */
  machineGrant?: 'always' | 'auto';
  /** A JWT for the JWT-bearer grant (RFC 7523), such as a CI workload's identity token. */
  assertion?: string;
  /** Enterprise-managed authorization: the IdP's grant goes in a JWT-bearer request. */
  enterprise?: EnterpriseIdp;
}

/**
 * Whether a connection signs in as a machine client. In `auto`, the discovered authorization
 * server decides: one that offers client_credentials and not authorization_code has no user to
 * send to, and a client with credentials of its own can still get a token.
 */
export function signsInAsMachine(
  options: MachineOptions,
  discovery: OAuthDiscoveryState | undefined,
): boolean {
  const { machineGrant, clientId, clientSecret, privateKey, assertion, enterprise } = options;
  if (machineGrant === 'always' || assertion || enterprise) return true;
  if (machineGrant !== 'auto' || !clientId || !(clientSecret || privateKey)) return false;
  const grants = discovery?.authorizationServerMetadata?.grant_types_supported;
  return Boolean(grants?.includes('client_credentials') && !grants.includes('authorization_code'));
}

/** The grant a machine client's registration names. */
export function machineGrantType(options: MachineOptions): string {
  return options.assertion || options.enterprise ? JWT_BEARER_GRANT : 'client_credentials';
}

/**
 * A machine client's token request for `scope`: the enterprise IdP's grant (asked for the
 * discovered authorization server and `resource`), the given assertion, or client_credentials.
 */
export async function machineTokenRequest(
  options: MachineOptions,
  scope: string | undefined,
  target: { discovery: OAuthDiscoveryState | undefined; resource: string | undefined; fetch: FetchLike },
): Promise<URLSearchParams> {
  const { assertion, enterprise } = options;
  if (enterprise) {
    const { discovery, resource } = target;
    const issuer = discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl;
    if (!issuer || !resource)
      throw new Error('Enterprise sign-in needs the authorization server and resource found first');
    const grant = await enterpriseGrant(enterprise, { issuer, resource }, scope, target.fetch);
    return jwtBearerRequest(grant, scope);
  }
  if (assertion) return jwtBearerRequest(assertion, scope);
  const params = new URLSearchParams({ grant_type: 'client_credentials' });
  if (scope) params.set('scope', scope);
  return params;
}
