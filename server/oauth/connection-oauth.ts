import { randomBytes } from 'node:crypto';
import { ConnectionClients, type ClientOptions } from './connection-clients.ts';
import { ConnectionTokens } from './connection-tokens.ts';
import type { SavedSignInSlot } from './token-file.ts';
import {
  createDpopSession,
  machineGrantType,
  machineTokenRequest,
  signsInAsMachine,
  wantsDpop,
  type MachineOptions,
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

/** Options of a {@link ConnectionOAuth}: its client, its machine grant, and these. */
export interface ConnectionOAuthOptions extends ClientOptions, MachineOptions {
  /** The redirect URI registered for the client (the bridge's `/oauth/callback`). */
  redirectUrl: string;
  /** Opens the authorization URL (browser or headless) and resolves with the callback's query. */
  authorize: Authorize;
  /** Single-user mode: the sign-in kept for the next connect to this server. */
  saved?: SavedSignInSlot;
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scope?: string;
  /** The key's JWS algorithm (default ES256), with `privateKey` (private_key_jwt). */
  signingAlg?: string;
  /** DPoP-bound tokens (RFC 9449): `always`, `never`, or `auto` (default) when the resource server asks. */
  dpop?: 'always' | 'auto' | 'never';
  /** The fetch for requests to the enterprise IdP (the logged one). */
  fetch?: () => FetchLike | undefined;
  /** An authorization was opened (`joined` false) or another 401 joined the open one (true). */
  onAuthorization?: (authorization: OpenAuthorization, joined: boolean) => void;
}

/**
 * The SDK's {@link OAuthClientProvider} for one connection: the client registration
 * ({@link ConnectionClients}), tokens ({@link ConnectionTokens}), PKCE verifier and discovery state
 * live in this object (the bridge's memory), so they end with the connection and are never shared
 * between connections or users. Two things outlive it: in single-user mode the tokens (and the
 * registered client they belong to) in the 0600 token file (`saved`), and a dynamic registration in
 * the bridge's memory (`registrations`, one store per user). The SDK's `auth()` does the protocol;
 * this keeps its state and hands the authorization URL to the connection's {@link AuthorizationGate}.
 */
export class ConnectionOAuth implements OAuthClientProvider {
  private readonly clients: ConnectionClients;
  private readonly kept: ConnectionTokens;
  /** The scope a machine client's token request asked for (its answer may leave `scope` out). */
  private machineScope: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  /** The one authorization open at a time, with its PKCE verifier. */
  private readonly gate: AuthorizationGate;
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
    this.clients = new ConnectionClients(options, () => this.machine());
    this.kept = new ConnectionTokens(options.saved);
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
      grant_types: machine ? [machineGrantType(this.options)] : ['authorization_code', 'refresh_token'],
      response_types: machine ? [] : ['code'],
      token_endpoint_auth_method: this.options.privateKey ? 'private_key_jwt' : 'none',
      ...(this.options.scope ? { scope: this.options.scope } : {}),
    } as OAuthClientMetadata;
  }

  /** The token request of a machine client; undefined for the authorization code grant. */
  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    if (!this.machine()) return undefined;
    this.machineScope = scope;
    return machineTokenRequest(this.options, scope, {
      discovery: this.discovery,
      resource: this.resource,
      fetch: this.options.fetch?.() ?? ((url, init) => fetch(url, init)),
    });
  }

  /** Whether this connection signs in as a machine client (see {@link signsInAsMachine}). */
  private machine(): boolean {
    return signsInAsMachine(this.options, this.discovery);
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

  /** The client registered at the issuer asked about, when one was; else the current one. */
  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    this.readSaved();
    return this.clients.at(ctx?.issuer);
  }

  saveClientInformation(
    information: StoredOAuthClientInformation,
    ctx?: OAuthClientInformationContext,
  ): void {
    this.clients.save(information, ctx?.issuer ?? information.issuer);
  }

  /** The connection's client was registered dynamically (so registering again is Toolscope's to do). */
  get registeredDynamically(): boolean {
    return this.clients.registeredDynamically;
  }

  /** The client is the user's pre-registered one. */
  get preRegisteredClient(): boolean {
    return this.clients.preRegisteredClient;
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
    return this.kept.tokens;
  }

  saveTokens(answered: StoredOAuthTokens): void {
    // RFC 6749 §5.1: an answer without `scope` granted what was asked (a refresh: what was held).
    // The SDK's step-up asks for the union of the token's scope and the challenge's, so a token
    // must know its scope, or the step-up would drop what the first sign-in was for.
    const scope =
      answered.scope ?? this.gate.current()?.scope ?? this.machineScope ?? this.kept.tokens?.scope;
    const tokens = scope ? { ...answered, scope } : answered;
    this.kept.save(tokens, this.discovery?.authorizationServerUrl, this.clients.toKeep());
  }

  /** Once: the tokens (and registered client) a sign-in kept for the next connect. */
  private readSaved(): void {
    const entry = this.kept.readSaved(this.discovery?.authorizationServerUrl);
    if (entry?.client) this.clients.adoptSaved(entry.client);
  }

  /** True once the connection holds an access token. */
  get signedIn(): boolean {
    return Boolean(this.kept.tokens?.access_token);
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
    this.kept.discovered(state.authorizationServerUrl);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.clients.forget(scope === 'all');
    if (scope === 'all' || scope === 'tokens') this.kept.forget();
    if (scope === 'all' || scope === 'verifier') this.gate.forgetVerifiers();
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}
