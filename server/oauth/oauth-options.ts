import type { RegistrationStore } from './connection-clients.ts';
import type { ConnectionOAuthOptions } from './connection-oauth.ts';
import type { EnterpriseIdp } from './machine-grants.ts';
import type { OAuthGuide } from './oauth-guide.ts';
import type { SavedSignInSlot } from './token-file.ts';

/**
 * How a connection to a protected HTTP server signs in (OAuth 2.1 through the SDK's client auth).
 * The page's connections and `toolscope check` pass the same options to the upstream.
 */
export interface OAuthOptions {
  /** Follow the authorization redirect without a browser (CI, servers that approve by themselves). */
  headless?: boolean;
  /** A pre-registered client's id (else a Client ID Metadata Document or dynamic registration). */
  clientId?: string;
  /** The pre-registered client's secret. */
  clientSecret?: string;
  /** How the pre-registered client authenticates at the token endpoint (default: the SDK's choice). */
  tokenEndpointAuthMethod?: string;
  /** A machine client: the client_credentials grant, with no user. */
  clientCredentials?: boolean;
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scope?: string;
  /** The redirect URI to register (the bridge's `/oauth/callback`; headless: a placeholder). */
  redirectUrl?: string;
  /**
   * How a person signs in when not headless: opens the authorization URL and resolves with the
   * query of the redirect to `redirectUrl` (the bridge waits for its `/oauth/callback`). `retryOf`
   * is the state of an authorization this one asks again (its scope was refused and the client
   * registered again): the browser tab that brought back the refusal goes on to this one.
   */
  authorize?: (authorizationUrl: URL, state: string, retryOf?: string) => Promise<URLSearchParams>;
  /** The refusal the callback for `state` brought ends that sign-in (it is not asked again). */
  refusalFinal?: (state: string) => void;
  /**
   * The link the page is told to open instead of the authorization URL itself (hosted mode: a
   * bridge address bound to the user, so the page never holds a catalog server's address).
   */
  signInLink?: (authorizationUrl: URL, state: string) => string;
  /** Single-user mode: tokens kept for the next connect (never in hosted mode). */
  savedSignIn?: SavedSignInSlot;
  /** Dynamic registrations kept for the next connection of the same user (bridge memory). */
  registrations?: RegistrationStore;
  /**
   * The OAuth debugger's steps carry the bodies of metadata, registration and token requests and
   * answers (secrets masked). Off in hosted mode: those name the catalog server's addresses.
   */
  stepBodies?: boolean;
  /** Guided mode: the sign-in waits before each OAuth request until the page says "Next step". */
  guide?: OAuthGuide;
  /** An HTTPS URL serving the client's Client ID Metadata Document (used when the server accepts one). */
  clientMetadataUrl?: string;
  /** A PEM (PKCS #8) private key of the pre-registered client: token requests carry a signed JWT (private_key_jwt). */
  privateKey?: string;
  /** The private key's JWS algorithm (default ES256). */
  signingAlg?: string;
  /** DPoP-bound tokens (RFC 9449): `always`, `never`, or `auto` (default: when the resource server asks for them). */
  dpop?: 'always' | 'auto' | 'never';
  /** A JWT for the JWT-bearer grant (RFC 7523), e.g. a CI workload's identity token: sign in as a machine client. */
  assertion?: string;
  /** Enterprise-managed authorization: exchange the user's ID token at the enterprise IdP (SEP-990). */
  enterprise?: EnterpriseIdp;
}

/** The parts of {@link ConnectionOAuthOptions} a connection's own code supplies. */
type ConnectionHooks = 'redirectUrl' | 'authorize' | 'fetch' | 'onAuthorization';

/** The connection's OAuth options as the SDK provider (`ConnectionOAuth`) takes them. */
export function providerOptions(options: OAuthOptions): Omit<ConnectionOAuthOptions, ConnectionHooks> {
  return {
    machineGrant: options.clientCredentials ? 'always' : 'auto',
    ...(options.clientId ? { clientId: options.clientId } : {}),
    ...(options.clientSecret ? { clientSecret: options.clientSecret } : {}),
    ...(options.privateKey ? { privateKey: options.privateKey } : {}),
    ...(options.signingAlg ? { signingAlg: options.signingAlg } : {}),
    ...(options.tokenEndpointAuthMethod ? { tokenEndpointAuthMethod: options.tokenEndpointAuthMethod } : {}),
    ...(options.clientMetadataUrl ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.savedSignIn ? { saved: options.savedSignIn } : {}),
    ...(options.registrations ? { registrations: options.registrations } : {}),
    ...(options.dpop ? { dpop: options.dpop } : {}),
    ...(options.assertion ? { assertion: options.assertion } : {}),
    ...(options.enterprise ? { enterprise: options.enterprise } : {}),
  };
}
