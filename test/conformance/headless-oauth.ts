/**
 * An OAuth client for the conformance suite's authorization scenarios, with no browser: it follows
 * the authorization URL itself (the suite's server redirects at once) and keeps the callback's
 * parameters for `finishAuth`. Tokens, the client registration and the PKCE verifier live in memory.
 */
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';

const REDIRECT_URL = 'http://127.0.0.1:3000/callback';

export class HeadlessOAuth implements OAuthClientProvider {
  private information: StoredOAuthClientInformation | undefined;
  private stored: StoredOAuthTokens | undefined;
  private verifier = '';
  /** The callback parameters of the last authorization, until `takeCallback`. */
  private callback: URLSearchParams | undefined;

  constructor(preRegistered?: { client_id?: string; client_secret?: string }) {
    if (preRegistered?.client_id)
      this.information = {
        client_id: preRegistered.client_id,
        ...(preRegistered.client_secret ? { client_secret: preRegistered.client_secret } : {}),
      } as StoredOAuthClientInformation;
  }

  /** The client id the suite expects where the server supports Client ID Metadata Documents. */
  readonly clientMetadataUrl = 'https://conformance-test.local/client-metadata.json';

  get redirectUrl(): string {
    return REDIRECT_URL;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'toolscope-conformance',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    } as OAuthClientMetadata;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    return this.information;
  }

  saveClientInformation(information: StoredOAuthClientInformation): void {
    this.information = information;
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.stored;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    this.stored = tokens;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (!location) throw new Error(`The authorization endpoint did not redirect (HTTP ${response.status})`);
    this.callback = new URL(location, url).searchParams;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.information = undefined;
    if (scope === 'all' || scope === 'tokens') this.stored = undefined;
  }

  /** The parameters of an authorization that waits for `finishAuth`, once. */
  takeCallback(): URLSearchParams | undefined {
    const callback = this.callback;
    this.callback = undefined;
    return callback;
  }
}
