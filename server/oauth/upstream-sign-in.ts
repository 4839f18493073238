import {
  OAuthClientFlowError,
  OAuthError,
  UnauthorizedError,
  auth,
  type FetchLike,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import { maskUrl, type OAuthStep } from '#shared/oauth-step.ts';
import { challengeStep, probeChallenge, publishesResourceMetadata } from './challenge-probe.ts';
import { ConnectionOAuth, HEADLESS_REDIRECT_URL, type OpenAuthorization } from './connection-oauth.ts';
import { headlessAuthorization } from './headless-authorize.ts';
import { isDpopChallenge } from './machine-grants.ts';
import { describeOAuthFailure, NO_BROWSER_MESSAGE, SignInFailure } from './oauth-failure.ts';
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

/**
 * How a connection signs in: a person in a browser (the page), following the redirects without
 * one (headless: chosen by `--oauth-headless`), a machine client with no user, or not at all (a
 * check run that was not allowed to sign in headless).
 */
type SignInMode = 'browser' | 'headless' | 'machine' | 'none';

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
  private readonly mode: SignInMode;
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
  /** While an authorization refused for its scope is asked again: the state of the refused one. */
  private retryOf: string | undefined;
  private readonly stepBodies: boolean;

  constructor(
    private readonly options: OAuthOptions,
    private readonly emit: (event: BridgeEvent) => void,
    /** The MCP server's URL (the resource signed in to). */
    private readonly serverUrl?: URL,
  ) {
    this.guide = options.guide;
    this.stepBodies = options.stepBodies === true;
    this.mode =
      options.clientCredentials || options.assertion || options.enterprise
        ? 'machine'
        : options.headless
          ? 'headless'
          : options.authorize
            ? 'browser'
            : 'none';
    if (options.clientCredentials && (!options.clientId || !(options.clientSecret || options.privateKey)))
      throw new Error('The client_credentials grant needs a client id and a client secret or a private key');
    const redirectUrl = options.redirectUrl ?? HEADLESS_REDIRECT_URL;
    const opened = async (url: URL, state: string): Promise<URLSearchParams> => {
      const retryOf = this.retryOf; // read before any wait: it is set only while auth() runs
      if (++this.authorizations > MAX_AUTHORIZATIONS_IN_A_ROW)
        throw new SignInFailure(
          `Stopped signing in: ${MAX_AUTHORIZATIONS_IN_A_ROW} authorizations in a row did not get a message through (a retry limit against authorization loops)`,
        );
      if (this.mode === 'headless') return headlessAuthorization(url, redirectUrl, (step) => this.step(step));
      if (this.mode !== 'browser' || !options.authorize) throw new SignInFailure(NO_BROWSER_MESSAGE);
      await this.pause({ kind: 'authorize', method: 'GET', url: maskUrl(url) });
      this.step({
        kind: 'authorize',
        method: 'GET',
        url: maskUrl(url),
        decision: 'Waiting for you to sign in in the browser',
      });
      const scope = url.searchParams.get('scope') ?? undefined;
      this.emit({
        kind: 'oauth-sign-in',
        url: options.signInLink?.(url, state) ?? url.href,
        ...(scope ? { scope } : {}),
        ...(this.added(scope) ? { adds: this.added(scope) } : {}),
      });
      return options.authorize(url, state, retryOf);
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
      ...(options.registrations ? { registrations: options.registrations } : {}),
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
        // Finish it when the callback comes, even if no message waits (the GET stream met the 401);
        // an authorization asked again is finished by the finish that asked it.
        else if (this.finisher && this.retryOf === undefined)
          this.finishing(authorization, this.finisher).catch(() => {});
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
      this.stepBodies,
    );
    return this.stepFetch;
  }

  /**
   * Before the first message, for every connection that signs in with a user (the page's browser,
   * check's headless sign-in): if the server publishes protected resource metadata, ask it what it
   * wants (a `ping` without a token, see challenge-probe.ts) and sign in now with the scope its
   * challenge names, as a message meeting that 401 would. The page waits for the connection
   * without a time limit, while a request (Auto's probe, `initialize`) would time out while a
   * person signs in. The probe for the metadata goes unlogged through `base`: servers without
   * OAuth show no steps. A connection that may not sign in (`none`) stops here with the reason
   * once the server asks.
   */
  async signInFirst(
    serverUrl: URL,
    base: FetchLike,
    transport: FinishesAuth,
    target: { transport: 'http' | 'sse'; headers?: HeadersInit },
  ): Promise<void> {
    if (this.mode === 'machine' || !this.stepFetch) return;
    // No metadata (or none in time): the server may not need a token; a 401 later signs in then.
    if (!(await publishesResourceMetadata(serverUrl, base))) return;
    const time = Date.now();
    const challenge = await probeChallenge(serverUrl, target.transport, target.headers ?? {}, base);
    if (challenge) this.step(challengeStep(challenge, serverUrl, target.transport, time, this.stepBodies));
    // As a message meeting this challenge would: a DPoP one asks for DPoP-bound tokens.
    if (isDpopChallenge(challenge?.header ?? null)) this.interactive?.noteDpopChallenge();
    if (this.mode === 'none') {
      if (challenge?.status !== 401) return;
      this.step({ kind: 'failed', decision: NO_BROWSER_MESSAGE });
      throw new SignInFailure(NO_BROWSER_MESSAGE);
    }
    let result: string;
    try {
      result = await auth(this.provider, {
        serverUrl,
        fetchFn: this.stepFetch,
        ...(challenge?.scope ? { scope: challenge.scope } : {}),
        ...(challenge?.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}),
      });
    } catch (error) {
      const message = this.describe(error);
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
      const message = this.describe(error);
      this.step({ kind: 'failed', decision: message });
      throw new Error(message, { cause: error });
    }
    if (!(error instanceof UnauthorizedError)) return false;
    const authorization = this.interactive?.openAuthorization();
    if (!authorization) {
      const message = this.describe(error);
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

  /**
   * Waits for the callback, then exchanges its code for tokens on `transport`. An authorization
   * server that refuses the scope (invalid_scope) of a client Toolscope registered by itself is
   * often holding the client to the scopes it registered with (oidc-provider does): Toolscope
   * registers again with the scope asked for now and asks once more.
   */
  private async finish(first: OpenAuthorization, transport: FinishesAuth): Promise<void> {
    if (this.fruitless >= MAX_FRUITLESS_SIGN_INS) {
      const message = `Stopped signing in: the server refused the token after ${this.fruitless} sign-ins in a row (a retry limit against authorization loops)`;
      this.step({ kind: 'failed', decision: message });
      throw new Error(message);
    }
    this.fruitless++;
    let authorization = first;
    try {
      for (;;) {
        const params = await authorization.answer;
        const refused = params.get('error');
        const why = params.get('error_description');
        if (
          refused === 'invalid_scope' &&
          authorization === first &&
          this.interactive?.registeredDynamically
        ) {
          this.step({
            kind: 'callback',
            decision: `The authorization server refused the scope ${authorization.scope ?? ''} (invalid_scope${why ? `: ${why}` : ''}) for the client Toolscope registered with fewer scopes: registering again for ${authorization.scope ?? 'the scope asked for'} and asking once more`,
          });
          authorization = await this.authorizeAgain(first);
          continue;
        }
        this.step({
          kind: 'callback',
          decision: refused
            ? `The authorization server answered ${refused}${why ? `: ${why}` : ''}`
            : 'Got an authorization code: exchanging it for a token',
        });
        if (refused)
          throw new SignInFailure(this.describe({ code: refused, message: why ?? '' }, authorization.scope));
        await transport.finishAuth(params);
        break;
      }
    } catch (failure) {
      // A callback tab waiting to be sent on to a retry is told there will be none.
      this.options.refusalFinal?.(authorization.state);
      const message = this.describe(failure, authorization.scope);
      this.step({ kind: 'failed', decision: message });
      throw new Error(message, { cause: failure });
    } finally {
      if (authorization !== first) this.interactive?.closeAuthorization(authorization);
    }
    this.step({ kind: 'signed-in', decision: 'Signed in: sending the message again with the new token' });
  }

  /**
   * Registers again (the registration's scope is the one asked for now) and opens a new
   * authorization for the same scope, in place of `refused`; requests waiting for `refused` wait
   * for the whole of it. In the browser, the tab still at the callback goes on to the new one.
   */
  private async authorizeAgain(refused: OpenAuthorization): Promise<OpenAuthorization> {
    const interactive = this.interactive!;
    interactive.closeAuthorization(refused);
    interactive.invalidateCredentials('client');
    this.retryOf = refused.state;
    try {
      const result = await auth(this.provider, {
        serverUrl: this.serverUrl!,
        fetchFn: this.stepFetch!,
        forceReauthorization: true,
        ...(refused.scope ? { scope: refused.scope } : {}),
      });
      const next = interactive.openAuthorization();
      if (result !== 'REDIRECT' || !next)
        throw new Error('Registering again did not lead to a new authorization');
      next.finished = refused.finished;
      return next;
    } finally {
      this.retryOf = undefined;
    }
  }

  /** A failure in words, told what the sign-in asked for and what the metadata offers. */
  private describe(error: unknown, scope?: string): string {
    return describeOAuthFailure(error, {
      ...(scope ? { scope } : {}),
      ...(this.interactive?.offeredScopes() ? { offered: this.interactive.offeredScopes()! } : {}),
      preRegistered: this.interactive?.preRegisteredClient ?? false,
    });
  }

  /** The scopes of `scope` the connection's token does not hold (a step-up's); undefined without a token. */
  private added(scope: string | undefined): string | undefined {
    const held = this.interactive?.tokens()?.scope?.split(' ');
    if (!held || !scope) return undefined;
    const added = scope.split(' ').filter((name) => name !== 'offline_access' && !held.includes(name));
    return added.length ? added.join(' ') : undefined;
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
