import {
  OAuthClientFlowError,
  OAuthError,
  UnauthorizedError,
  auth,
  discoverOAuthProtectedResourceMetadata,
  type FetchLike,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import { maskUrl, type OAuthStep } from '#shared/oauth-step.ts';
import { ConnectionOAuth, HEADLESS_REDIRECT_URL, type OpenAuthorization } from './connection-oauth.ts';
import { followAuthorization } from './headless-authorize.ts';
import { isDpopChallenge } from './machine-grants.ts';
import { describeOAuthFailure } from './oauth-failure.ts';
import type { OAuthGuide } from './oauth-guide.ts';
import type { OAuthOptions } from './oauth-options.ts';
import { oauthStepFetch } from './step-fetch.ts';

/** Sign-ins allowed for one message (a sign-in or a step-up): the retry limit against authorization loops. */
export const MAX_SIGN_INS_PER_MESSAGE = 1;

/** Sign-ins in a row, on any messages, after which no message got through: then stop signing in. */
const MAX_FRUITLESS_SIGN_INS = 2;

/**
 * Authorization requests in a row (a sign-in and its step-ups) while no message gets through. The
 * SDK's own step-up authorizes again inside one send, so this is counted where the authorization
 * URL is opened, not per message.
 */
export const MAX_AUTHORIZATIONS_IN_A_ROW = 3;

/** What the SDK transport needs to finish an authorization. */
interface FinishesAuth {
  finishAuth(params: URLSearchParams): Promise<void>;
}

/**
 * OAuth for one HTTP upstream: the SDK provider it gives its transport, the fetch that logs each
 * OAuth request as a step, and the way a message that met a 401 or a 403 `insufficient_scope`
 * gets its authorization (browser or headless) and is sent again.
 */
export class UpstreamSignIn {
  readonly provider: OAuthClientProvider;
  private readonly interactive: ConnectionOAuth | undefined;
  /** A person signs in in a browser (not headless, not a machine client). */
  private readonly inBrowser: boolean;
  private stepFetch: FetchLike | undefined;
  /** Guided mode: each OAuth request waits for the page's "Next step". */
  private readonly guide: OAuthGuide | undefined;
  /** Sign-ins since a message last got through. */
  private fruitless = 0;
  /** Authorization URLs opened since a message that met a challenge last got through. */
  private authorizations = 0;
  /** Answers that asked for sign-in (401, 403 insufficient_scope), ever: see {@link challengeMark}. */
  private challenges = 0;
  /** The transport that finishes an authorization as soon as its callback comes (see {@link attach}). */
  private finisher: FinishesAuth | undefined;

  constructor(
    options: OAuthOptions,
    private readonly emit: (event: BridgeEvent) => void,
  ) {
    this.guide = options.guide;
    this.inBrowser =
      !options.clientCredentials &&
      !options.assertion &&
      !options.enterprise &&
      !options.headless &&
      Boolean(options.authorize);
    if (options.clientCredentials && (!options.clientId || !(options.clientSecret || options.privateKey)))
      throw new Error('The client_credentials grant needs a client id and a client secret or a private key');
    const redirectUrl = options.redirectUrl ?? HEADLESS_REDIRECT_URL;
    const opened = async (url: URL, state: string): Promise<URLSearchParams> => {
      if (++this.authorizations > MAX_AUTHORIZATIONS_IN_A_ROW)
        throw new Error(
          `Stopped signing in: ${MAX_AUTHORIZATIONS_IN_A_ROW} authorizations in a row did not get a message through (a retry limit against authorization loops)`,
        );
      if (options.headless || !options.authorize)
        return this.headless(url, redirectUrl, options.headless === true);
      await this.pause({ kind: 'authorize', method: 'GET', url: maskUrl(url) });
      this.step({
        kind: 'authorize',
        method: 'GET',
        url: maskUrl(url),
        decision: 'Waiting for you to sign in in the browser',
      });
      this.emit({ kind: 'oauth-sign-in', url: options.signInLink?.(url, state) ?? url.href });
      return options.authorize(url, state);
    };
    this.interactive = new ConnectionOAuth({
      redirectUrl,
      authorize: opened,
      machineGrant: options.clientCredentials ? 'always' : 'auto',
      ...(options.clientId ? { clientId: options.clientId } : {}),
      ...(options.clientSecret ? { clientSecret: options.clientSecret } : {}),
      ...(options.privateKey ? { privateKey: options.privateKey } : {}),
      ...(options.signingAlg ? { signingAlg: options.signingAlg } : {}),
      ...(options.tokenEndpointAuthMethod
        ? { tokenEndpointAuthMethod: options.tokenEndpointAuthMethod }
        : {}),
      ...(options.clientMetadataUrl ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
      ...(options.scope ? { scope: options.scope } : {}),
      ...(options.savedSignIn ? { saved: options.savedSignIn } : {}),
      ...(options.dpop ? { dpop: options.dpop } : {}),
      ...(options.assertion ? { assertion: options.assertion } : {}),
      ...(options.enterprise ? { enterprise: options.enterprise } : {}),
      fetch: () => this.stepFetch,
      onAuthorization: (authorization, joined) => {
        if (joined)
          this.step({
            kind: 'authorize',
            decision:
              'Another request met the 401 too: it waits for the sign-in already open (one sign-in for the connection)',
          });
        // Finish it when the callback comes, even if no message waits (the GET stream met the 401).
        else if (this.finisher) this.finishing(authorization, this.finisher).catch(() => {});
      },
    });
    this.provider = this.interactive;
  }

  /** The upstream's fetch with OAuth requests split off and logged (see {@link oauthStepFetch}). */
  fetch(mcp: FetchLike, base: FetchLike): FetchLike {
    const refused: FetchLike = async (input, init) => {
      const response = await mcp(input, init);
      // A token refused with a 401: the authorization server may have moved (the resource's
      // metadata names another one), so discover again instead of reusing what was found.
      if (response.status === 401 && this.interactive?.signedIn)
        this.interactive.invalidateCredentials('discovery');
      if (response.status === 401 || (response.status === 403 && isScopeChallenge(response)))
        this.challenges++;
      if (response.status === 401 && isDpopChallenge(response.headers.get('www-authenticate')))
        this.interactive?.noteDpopChallenge();
      return response;
    };
    this.stepFetch = oauthStepFetch(
      refused,
      base,
      (step) => this.emit({ kind: 'oauth-step', step }),
      this.guide ? (next) => this.pause(next) : undefined,
    );
    return this.stepFetch;
  }

  /**
   * Before the first message, when a person signs in in a browser: if the server publishes
   * protected resource metadata, sign in now. The page waits for the connection without a time
   * limit, while a request (the first `initialize`) would time out while the person signs in.
   * The probe for the metadata goes unlogged through `base`: servers without OAuth show no steps.
   */
  async signInFirst(serverUrl: URL, base: FetchLike, transport: FinishesAuth): Promise<void> {
    if (!this.inBrowser || !this.stepFetch) return;
    try {
      await discoverOAuthProtectedResourceMetadata(serverUrl, {}, base);
    } catch {
      return; // No metadata: the server may not need a token; a 401 later signs in then.
    }
    let result: string;
    try {
      result = await auth(this.provider, { serverUrl, fetchFn: this.stepFetch });
    } catch (error) {
      const message = describeOAuthFailure(error);
      this.step({ kind: 'failed', decision: message });
      throw new Error(message, { cause: error });
    }
    if (result === 'REDIRECT') await this.recover(new UnauthorizedError(), transport);
  }

  /** The transport that exchanges the code: an authorization is finished as soon as its callback comes. */
  attach(transport: FinishesAuth): void {
    this.finisher = transport;
  }

  /** The connection closed: a sign-in still waiting for the person fails with `reason`. */
  cancel(reason: string): void {
    this.interactive?.cancelAuthorization(new Error(reason));
  }

  /**
   * After `attempt` failed with `error`: when an authorization is open (this request's, or one
   * another request opened and this one joined), waits until it is finished on `transport` and
   * returns true (send the message again); else false. Every request waiting for one authorization
   * gets the same result. A failed authorization throws an Error whose message says what went
   * wrong and what to do.
   */
  async recover(error: unknown, transport: FinishesAuth): Promise<boolean> {
    if (isSignInFailure(error)) {
      // The sign-in itself failed (registration refused, issuer mismatch…): say so, as a 401.
      const message = describeOAuthFailure(error);
      this.step({ kind: 'failed', decision: message });
      throw new Error(message, { cause: error });
    }
    if (!(error instanceof UnauthorizedError)) return false;
    const authorization = this.interactive?.openAuthorization();
    if (!authorization) {
      const message = describeOAuthFailure(error);
      this.step({ kind: 'failed', decision: message });
      throw new Error(message, { cause: error });
    }
    await this.finishing(authorization, transport);
    return true;
  }

  /** The authorization's one finish (the first caller starts it), which every waiter awaits. */
  private finishing(authorization: OpenAuthorization, transport: FinishesAuth): Promise<void> {
    authorization.finished ??= this.finish(authorization, transport).finally(() =>
      this.interactive?.closeAuthorization(authorization),
    );
    return authorization.finished;
  }

  /** Waits for the callback, then exchanges its code for tokens on `transport`. */
  private async finish(authorization: OpenAuthorization, transport: FinishesAuth): Promise<void> {
    if (this.fruitless >= MAX_FRUITLESS_SIGN_INS) {
      const message = `Stopped signing in: the server refused the token after ${this.fruitless} sign-ins in a row (a retry limit against authorization loops)`;
      this.step({ kind: 'failed', decision: message });
      throw new Error(message);
    }
    this.fruitless++;
    try {
      const params = await authorization.answer;
      const refused = params.get('error');
      this.step({
        kind: 'callback',
        decision: refused
          ? `The authorization server answered ${refused}${params.get('error_description') ? `: ${params.get('error_description')}` : ''}`
          : 'Got an authorization code: exchanging it for a token',
      });
      if (refused)
        throw new Error(
          describeOAuthFailure({ code: refused, message: params.get('error_description') ?? '' }),
        );
      await transport.finishAuth(params);
    } catch (failure) {
      const message = describeOAuthFailure(failure);
      this.step({ kind: 'failed', decision: message });
      throw new Error(message, { cause: failure });
    }
    this.step({ kind: 'signed-in', decision: 'Signed in: sending the message again with the new token' });
  }

  /** A mark to pass to {@link succeeded}, taken before a message is sent. */
  challengeMark(): number {
    return this.challenges;
  }

  /**
   * A message got through: sign-ins since then start counting again. Authorizations start
   * counting again only when the server asked for sign-in since `mark` (this message needed the
   * token it got); a message the server lets through without one (initialize, notifications)
   * says nothing about whether signing in again helps.
   */
  succeeded(mark?: number): void {
    this.fruitless = 0;
    if (mark === undefined || this.challenges > mark) this.authorizations = 0;
  }

  private async headless(url: URL, redirectUrl: string, chosen: boolean): Promise<URLSearchParams> {
    const time = Date.now();
    try {
      const params = await followAuthorization(url, redirectUrl);
      this.step({
        kind: 'authorize',
        time,
        method: 'GET',
        url: maskUrl(url),
        durationMs: Date.now() - time,
        decision: 'Followed the authorization redirects without a browser up to the callback',
      });
      return params;
    } catch (error) {
      const why = chosen ? '' : ' (no browser is attached to this connection)';
      this.step({
        kind: 'authorize',
        time,
        method: 'GET',
        url: maskUrl(url),
        decision: `${(error as Error).message}${why}`,
      });
      throw error;
    }
  }

  /** Guided mode: says which request comes next and waits for the page's "Next step". */
  private async pause(next: { kind: OAuthStep['kind']; method: string; url: string }): Promise<void> {
    if (!this.guide) return;
    this.emit({ kind: 'oauth-paused', next });
    await this.guide.wait();
  }

  private step(step: Omit<OAuthStep, 'time'> & { time?: number }): void {
    this.emit({ kind: 'oauth-step', step: { time: Date.now(), ...step } });
  }
}

/** A 403 whose `WWW-Authenticate` asks for more scope. */
function isScopeChallenge(response: Response): boolean {
  return /insufficient_scope/.test(response.headers.get('www-authenticate') ?? '');
}

/** An error of the SDK's OAuth client: the sign-in failed (not the MCP request). */
export function isSignInFailure(error: unknown): boolean {
  return error instanceof OAuthClientFlowError || error instanceof OAuthError;
}
