import { randomBytes } from 'node:crypto';
import type { SavedSignInSlot } from './token-file.ts';
import {
  createDpopSession,
  JWT_BEARER_GRANT,
  enterpriseGrant,
  jwtBearerRequest,
  wantsDpop,
  type EnterpriseIdp,
} from './machine-grants.ts';
import { AuthorizationGate, type Authorize, type OpenAuthorization } from './open-authorization.ts';
import {
  createPrivateKeyJwtAuth,
  type AddClientAuthentication,
  type DpopSession,
  type FetchLike,
  type OAuthClientMetadata,
  type OAuthClientInformationContext,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';

export type { Authorize, OpenAuthorization } from './open-authorization.ts';

/** Where the authorization server sends the user back when the connection has no bridge to return to. */
export const HEADLESS_REDIRECT_URL = 'http://127.0.0.1/oauth/callback';

/**
 * Dynamic registrations kept beyond one connection, by issuer (the bridge keeps one store per user):
 * connecting again, or starting over, reuses the client instead of registering a new one each time.
 */
export interface RegistrationStore {
  get(issuer: string): StoredOAuthClientInformation | undefined;
  set(issuer: string, client: StoredOAuthClientInformation): void;
  delete(issuer: string): void;
}

/** Options of a {@link ConnectionOAuth}. */
export interface ConnectionOAuthOptions {
  /** The redirect URI registered for the client (the bridge's `/oauth/callback`). */
  redirectUrl: string;
  /** Opens the authorization URL (browser or headless) and resolves with the callback's query. */
  authorize: Authorize;
  /** A pre-registered client. */
  clientId?: string;
  clientSecret?: string;
  /** The pre-registered client's token endpoint auth method (else the SDK picks from metadata). */
  tokenEndpointAuthMethod?: string;
  /** An HTTPS URL serving this client's Client ID Metadata Document, when there is one. */
  clientMetadataUrl?: string;
  /** Single-user mode: the sign-in kept for the next connect to this server. */
  saved?: SavedSignInSlot;
  /** Dynamic registrations to reuse, and to keep for the next connection. */
  registrations?: RegistrationStore;
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scope?: string;
  /** A PEM (PKCS #8) private key: the client authenticates with a signed JWT (private_key_jwt). */
  privateKey?: string;
  /** The key's JWS algorithm (default ES256). */
  signingAlg?: string;
  /**
   * The client_credentials grant (no user): `always`, or `auto` when the authorization server
   * advertises client_credentials and not authorization_code and the client has a secret or key.
   */
  machineGrant?: 'always' | 'auto';
  /** DPoP-bound tokens (RFC 9449): `always`, `never`, or `auto` (default) when the resource server asks. */
  dpop?: 'always' | 'auto' | 'never';
  /** A JWT for the JWT-bearer grant (RFC 7523), such as a CI workload's identity token: a machine client. */
  assertion?: string;
  /** Enterprise-managed authorization: the IdP's grant goes in a JWT-bearer request (a machine client). */
  enterprise?: EnterpriseIdp;
  /** The fetch for requests to the enterprise IdP (the logged one). */
  fetch?: () => FetchLike | undefined;
  /** An authorization was opened (`joined` false) or another 401 joined the open one (true). */
  onAuthorization?: (authorization: OpenAuthorization, joined: boolean) => void;
}

/**
 * The SDK's {@link OAuthClientProvider} for one connection: the client registration, tokens, PKCE
 * verifier and discovery state live in this object (the bridge's memory), so they end with the
 * connection and are never shared between connections or users. Two things outlive it: in
 * single-user mode the tokens (and the registered client they belong to) in the 0600 token file
 * (`saved`), and a dynamic registration in the bridge's memory (`registrations`, one store per
 * user). The SDK's `auth()` does the protocol; this keeps its state and hands the authorization
 * URL to the connection's {@link AuthorizationGate}.
 */
export class ConnectionOAuth implements OAuthClientProvider {
  private information: StoredOAuthClientInformation | undefined;
  /** Clients kept per authorization server (issuer): a resource that moves back finds its registration. */
  private readonly clientsByIssuer = new Map<string, StoredOAuthClientInformation>();
  private stored: StoredOAuthTokens | undefined;
  /** The scope a machine client's token request asked for (its answer may leave `scope` out). */
  private machineScope: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  /** The one authorization open at a time, with its PKCE verifier. */
  private readonly gate: AuthorizationGate;
  /** The issuer of tokens loaded from the saved sign-in, and whether it was read yet. */
  private savedIssuer: string | undefined;
  private savedRead = false;
  /** The resource server answered with a DPoP challenge (see {@link noteDpopChallenge}). */
  private dpopChallenged = false;
  private dpopSession: Promise<DpopSession> | undefined;
  /** The resource indicator `auth()` chose (the enterprise grant is for it). */
  private resource: string | undefined;

  /** Set with a private key: the SDK signs a client assertion for each token request. */
  readonly addClientAuthentication: AddClientAuthentication | undefined;

  constructor(private readonly options: ConnectionOAuthOptions) {
    if (options.privateKey && options.clientId)
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: options.clientId,
        subject: options.clientId,
        privateKey: options.privateKey,
        alg: options.signingAlg ?? 'ES256',
      });
    this.information = this.preRegistered();
    this.gate = new AuthorizationGate(options.authorize, options.onAuthorization);
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  /** Undefined for a machine client: the SDK then asks for a token without a user. */
  get redirectUrl(): string | undefined {
    return this.machine() ? undefined : this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    const machine = this.machine();
    return {
      client_name: 'Toolscope',
      redirect_uris: machine ? [] : [this.options.redirectUrl],
      grant_types: machine
        ? [this.options.assertion || this.options.enterprise ? JWT_BEARER_GRANT : 'client_credentials']
        : ['authorization_code', 'refresh_token'],
      response_types: machine ? [] : ['code'],
      token_endpoint_auth_method: this.options.privateKey ? 'private_key_jwt' : 'none',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    } as OAuthClientMetadata;
  }

  /** The token request of a machine client; undefined for the authorization code grant. */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    if (!this.machine()) return undefined;
    const { assertion, enterprise } = this.options;
    if (enterprise) {
      this.machineScope = scope;
      const issuer =
        this.discovery?.authorizationServerMetadata?.issuer ?? this.discovery?.authorizationServerUrl;
      if (!issuer || !this.resource)
        throw new Error('Enterprise sign-in needs the authorization server and resource found first');
      const fetchFn = this.options.fetch?.() ?? ((url, init) => fetch(url, init));
      const grant = await enterpriseGrant(enterprise, { issuer, resource: this.resource }, scope, fetchFn);
      return jwtBearerRequest(grant, scope);
    }
    this.machineScope = scope;
    if (assertion) return jwtBearerRequest(assertion, scope);
    const params = new URLSearchParams({ grant_type: 'client_credentials' });
    if (scope) params.set('scope', scope);
    return params;
  }

  /**
   * Whether this connection signs in as a machine client. In `auto`, the discovered authorization
   * server decides: one that offers client_credentials and not authorization_code has no user to
   * send to, and a client with credentials of its own can still get a token.
   */
  private machine(): boolean {
    const { machineGrant, clientId, clientSecret, privateKey, assertion, enterprise } = this.options;
    if (machineGrant === 'always' || assertion || enterprise) return true;
    if (machineGrant !== 'auto' || !clientId || !(clientSecret || privateKey)) return false;
    const grants = this.discovery?.authorizationServerMetadata?.grant_types_supported;
    return Boolean(grants?.includes('client_credentials') && !grants.includes('authorization_code'));
  }

  /**
   * The SDK asks before each token request and each request to the server: a session signs DPoP
   * proofs, undefined keeps Bearer. One key for the connection, made when first needed.
   */
  dpop(): Promise<DpopSession> | undefined {
    if (!wantsDpop(this.options.dpop ?? 'auto', this.dpopChallenged, this.discovery)) return undefined;
    this.dpopSession ??= createDpopSession(this.discovery);
    return this.dpopSession;
  }

  /** The resource server's challenge used the DPoP scheme: ask for DPoP-bound tokens from now on. */
  noteDpopChallenge(): void {
    this.dpopChallenged = true;
  }

  saveResourceUrl(resource: string): void {
    this.resource = resource;
  }

  state(): string {
    return randomBytes(16).toString('base64url');
  }

  /**
   * The client registered at the issuer asked about, when one was; else the last one (the SDK drops
   * it when it was registered at another issuer, and registers again).
   */
  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    this.readSaved();
    const issuer = ctx?.issuer;
    const known = issuer ? (this.clientsByIssuer.get(issuer) ?? this.reusable(issuer)) : undefined;
    return known ?? this.information;
  }

  saveClientInformation(
    information: StoredOAuthClientInformation,
    ctx?: OAuthClientInformationContext,
  ): void {
    this.information = information;
    const issuer = ctx?.issuer ?? information.issuer;
    if (!issuer) return;
    this.clientsByIssuer.set(issuer, information);
    if (this.isRegistration(information)) this.options.registrations?.set(issuer, information);
  }

  /** A registration an earlier connection made at `issuer`, when this one registers by itself too. */
  private reusable(issuer: string): StoredOAuthClientInformation | undefined {
    if (this.options.clientId || this.machine()) return undefined;
    const kept = this.options.registrations?.get(issuer);
    return kept && this.isRegistration(kept) ? kept : undefined;
  }

  /** Made by dynamic registration: not the user's pre-registered client, not a metadata document URL. */
  private isRegistration(information: StoredOAuthClientInformation): boolean {
    return !this.options.clientId && information.client_id !== this.options.clientMetadataUrl;
  }

  /** The connection's client was registered dynamically (so registering again is Toolscope's to do). */
  get registeredDynamically(): boolean {
    return Boolean(this.information && this.isRegistration(this.information));
  }

  /** The client is the user's pre-registered one. */
  get preRegisteredClient(): boolean {
    return Boolean(this.options.clientId);
  }

  /** Scopes the discovered metadata offers (the protected resource's and the authorization server's). */
  offeredScopes(): string[] | undefined {
    const resource = this.discovery?.resourceMetadata?.scopes_supported;
    const server = this.discovery?.authorizationServerMetadata?.scopes_supported;
    if (!resource && !server) return undefined;
    return [...new Set([...(resource ?? []), ...(server ?? [])])];
  }

  tokens(): StoredOAuthTokens | undefined {
    this.readSaved();
    return this.stored;
  }

  saveTokens(answered: StoredOAuthTokens): void {
    // RFC 6749 §5.1: an answer without `scope` granted what was asked (a refresh: what was held).
    // The SDK's step-up asks for the union of the token's scope and the challenge's, so a token
    // must know its scope, or the step-up would drop what the first sign-in was for.
    const scope = answered.scope ?? this.gate.current()?.scope ?? this.machineScope ?? this.stored?.scope;
    const tokens = scope ? { ...answered, scope } : answered;
    this.stored = tokens;
    this.savedIssuer = this.discovery?.authorizationServerUrl;
    this.options.saved?.save({
      ...(this.savedIssuer ? { issuer: this.savedIssuer } : {}),
      tokens,
      // A pre-registered client's secret is the user's to enter, not to keep in the file.
      ...(this.information && !this.options.clientId ? { client: this.information } : {}),
    });
  }

  /** Once: the tokens (and registered client) a sign-in kept for the next connect. */
  private readSaved(): void {
    if (this.savedRead || !this.options.saved) return;
    this.savedRead = true;
    const entry = this.options.saved.load(this.discovery?.authorizationServerUrl);
    if (!entry) return;
    this.stored ??= entry.tokens;
    this.savedIssuer = entry.issuer;
    if (!this.options.clientId && entry.client) this.information ??= entry.client;
  }

  /** True once the connection holds an access token. */
  get signedIn(): boolean {
    return Boolean(this.stored?.access_token);
  }

  /** Opens the authorization, unless one is open: then this request's `auth()` joins it. */
  redirectToAuthorization(url: URL): void {
    this.gate.openAt(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.gate.saveVerifier(verifier);
  }

  codeVerifier(): string {
    return this.gate.verifier();
  }

  /** The authorization open now, which a request that met a 401 waits for; undefined when none is. */
  openAuthorization(): OpenAuthorization | undefined {
    return this.gate.current();
  }

  /** It was finished (or failed): the next 401 opens a new one. */
  closeAuthorization(authorization: OpenAuthorization): void {
    this.gate.close(authorization);
  }

  /** Ends the open authorization with `error` (the connection closed): its waiters fail with it. */
  cancelAuthorization(error: Error): void {
    this.gate.cancel(error);
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
    // Saved tokens of another authorization server (it moved) are not for this one.
    if (this.savedIssuer && state.authorizationServerUrl !== this.savedIssuer) {
      this.stored = undefined;
      this.savedIssuer = undefined;
    }
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') {
      for (const [issuer, client] of this.clientsByIssuer)
        if (scope === 'all' || client === this.information) {
          this.clientsByIssuer.delete(issuer);
          if (this.isRegistration(client)) this.options.registrations?.delete(issuer);
        }
      this.information = this.preRegistered();
    }
    if (scope === 'all' || scope === 'tokens') {
      this.stored = undefined;
      this.options.saved?.forget();
    }
    if (scope === 'all' || scope === 'verifier') this.gate.forgetVerifiers();
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  private preRegistered(): StoredOAuthClientInformation | undefined {
    if (!this.options.clientId) return undefined;
    return {
      client_id: this.options.clientId,
      ...(this.options.clientSecret ? { client_secret: this.options.clientSecret } : {}),
      ...(this.options.tokenEndpointAuthMethod
        ? { token_endpoint_auth_method: this.options.tokenEndpointAuthMethod }
        : {}),
    } as StoredOAuthClientInformation;
  }
}
