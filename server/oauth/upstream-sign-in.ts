import {
  OAuthClientFlowError,
  OAuthError,
  UnauthorizedError,
  auth,
  type FetchLike,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import { challengeStep, probeChallenge, publishesResourceMetadata } from './challenge-probe.ts';
import { ConnectionOAuth, HEADLESS_REDIRECT_URL, type OpenAuthorization } from './connection-oauth.ts';
import { isDpopChallenge } from './machine-grants.ts';
import { describeOAuthFailure, NO_BROWSER_MESSAGE, SignInFailure } from './oauth-failure.ts';
import { providerOptions, type OAuthOptions } from './oauth-options.ts';
import { promptAuthorization, signInMode, type PromptContext, type SignInMode } from './sign-in-prompt.ts';
import { SignInLimits } from './sign-in-limits.ts';
import { SignInSteps } from './sign-in-steps.ts';
import { oauthStepFetch } from './step-fetch.ts';

/** What the SDK transport needs to finish an authorization. */
interface FinishesAuth {
  finishAuth(params: URLSearchParams): Promise<void>;
}

/**
 * OAuth for one HTTP upstream: the SDK provider it gives its transport, the fetch that logs each
 * OAuth request as a step, and the way a message that met a 401 or a 403 `insufficient_scope`
 * gets its authorization (browser or headless) and is sent again. An authorization is opened by
 * the SDK's `auth()` at one of three moments (before the first message, {@link signInFirst}; a
 * message refused, {@link recover}; the GET stream refused, with no message waiting) and finished
 * the same way whichever it was (`finishing`): one flow, with a step-up as a further sign-in.
 */
export class UpstreamSignIn {
  readonly provider: OAuthClientProvider;
  private readonly oauth: ConnectionOAuth;
  private readonly mode: SignInMode;
  private readonly steps: SignInSteps;
  private readonly limits = new SignInLimits();
  private stepFetch: FetchLike | undefined;
  /** The transport that finishes an authorization as soon as its callback comes (see {@link attach}). */
  private finisher: FinishesAuth | undefined;
  /** While an authorization refused for its scope is asked again: the state of the refused one. */
  private retryOf: string | undefined;
  private readonly stepBodies: boolean;

  constructor(
    private readonly options: OAuthOptions,
    emit: (event: BridgeEvent) => void,
    /** The MCP server's URL (the resource signed in to). */
    private readonly serverUrl?: URL,
  ) {
    this.steps = new SignInSteps(emit, options.guide);
    this.stepBodies = options.stepBodies === true;
    this.mode = signInMode(options);
    if (options.clientCredentials && (!options.clientId || !(options.clientSecret || options.privateKey)))
      throw new Error('The client_credentials grant needs a client id and a client secret or a private key');
    const redirectUrl = options.redirectUrl ?? HEADLESS_REDIRECT_URL;
    const prompt: PromptContext = {
      mode: this.mode,
      options,
      redirectUrl,
      steps: this.steps,
      heldScope: () => this.oauth.tokens()?.scope,
    };
    this.oauth = new ConnectionOAuth({
      ...providerOptions(options),
      redirectUrl,
      authorize: async (url, state) => {
        const retryOf = this.retryOf; // read before any wait: it is set only while auth() runs
        this.limits.authorizationOpened();
        return promptAuthorization(url, state, retryOf, prompt);
      },
      fetch: () => this.stepFetch,
      onAuthorization: (authorization, joined) => {
        if (joined)
          this.steps.step({
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
    this.provider = this.oauth;
  }

  /** The upstream's fetch with OAuth requests split off and logged (see {@link oauthStepFetch}). */
  fetch(mcp: FetchLike, base: FetchLike): FetchLike {
    const refused: FetchLike = async (input, init) => {
      const response = await mcp(input, init);
      // A token refused with a 401: the authorization server may have moved (the resource's
      // metadata names another one), so discover again instead of reusing what was found.
      if (response.status === 401 && this.oauth.signedIn) this.oauth.invalidateCredentials('discovery');
      if (response.status === 401 || (response.status === 403 && isScopeChallenge(response)))
        this.limits.challenged();
      if (response.status === 401 && isDpopChallenge(response.headers.get('www-authenticate')))
        this.oauth.noteDpopChallenge();
      return response;
    };
    this.stepFetch = oauthStepFetch(
      refused,
      base,
      (step) => this.steps.emit({ kind: 'oauth-step', step }),
      this.steps.guide ? (next) => this.steps.pause(next) : undefined,
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
    if (challenge)
      this.steps.step(challengeStep(challenge, serverUrl, target.transport, time, this.stepBodies));
    // As a message meeting this challenge would: a DPoP one asks for DPoP-bound tokens.
    if (isDpopChallenge(challenge?.header ?? null)) this.oauth.noteDpopChallenge();
    if (this.mode === 'none') {
      if (challenge?.status !== 401) return;
      this.steps.step({ kind: 'failed', decision: NO_BROWSER_MESSAGE });
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
      throw this.steps.failed(this.describe(error), { cause: error });
    }
    if (result === 'REDIRECT') await this.recover(new UnauthorizedError(), transport);
  }

  /** The transport that exchanges the code: an authorization is finished as soon as its callback comes. */
  attach(transport: FinishesAuth): void {
    this.finisher = transport;
  }

  /** The connection closed: a sign-in still waiting for the person fails with `reason`. */
  cancel(reason: string): void {
    this.oauth.cancelAuthorization(new Error(reason));
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
      throw this.steps.failed(this.describe(error), { cause: error });
    }
    if (!(error instanceof UnauthorizedError)) return false;
    const authorization = this.oauth.openAuthorization();
    if (!authorization) throw this.steps.failed(this.describe(error), { cause: error });
    await this.finishing(authorization, transport);
    return true;
  }

  /** The authorization's one finish (the first caller starts it), which every waiter awaits. */
  private finishing(authorization: OpenAuthorization, transport: FinishesAuth): Promise<void> {
    authorization.finished ??= this.finish(authorization, transport).finally(() =>
      this.oauth.closeAuthorization(authorization),
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
    const stopped = this.limits.signInStarted();
    if (stopped) throw this.steps.failed(stopped);
    let authorization = first;
    try {
      for (;;) {
        const params = await authorization.answer;
        const refused = params.get('error');
        const why = params.get('error_description');
        if (refused === 'invalid_scope' && authorization === first && this.oauth.registeredDynamically) {
          this.steps.step({
            kind: 'callback',
            decision: `The authorization server refused the scope ${authorization.scope ?? ''} (invalid_scope${why ? `: ${why}` : ''}) for the client Toolscope registered with fewer scopes: registering again for ${authorization.scope ?? 'the scope asked for'} and asking once more`,
          });
          authorization = await this.authorizeAgain(first);
          continue;
        }
        this.steps.step({
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
      throw this.steps.failed(this.describe(failure, authorization.scope), { cause: failure });
    } finally {
      if (authorization !== first) this.oauth.closeAuthorization(authorization);
    }
    this.steps.step({
      kind: 'signed-in',
      decision: 'Signed in: sending the message again with the new token',
    });
  }

  /**
   * Registers again (the registration's scope is the one asked for now) and opens a new
   * authorization for the same scope, in place of `refused`; requests waiting for `refused` wait
   * for the whole of it. In the browser, the tab still at the callback goes on to the new one.
   */
  private async authorizeAgain(refused: OpenAuthorization): Promise<OpenAuthorization> {
    this.oauth.closeAuthorization(refused);
    this.oauth.invalidateCredentials('client');
    this.retryOf = refused.state;
    try {
      const result = await auth(this.provider, {
        serverUrl: this.serverUrl!,
        fetchFn: this.stepFetch!,
        forceReauthorization: true,
        ...(refused.scope ? { scope: refused.scope } : {}),
      });
      const next = this.oauth.openAuthorization();
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
      ...(this.oauth.offeredScopes() ? { offered: this.oauth.offeredScopes()! } : {}),
      preRegistered: this.oauth.preRegisteredClient,
    });
  }

  /** A mark to pass to {@link succeeded}, taken before a message is sent. */
  challengeMark(): number {
    return this.limits.mark();
  }

  /** A message got through (see {@link SignInLimits.succeeded}). */
  succeeded(mark?: number): void {
    this.limits.succeeded(mark);
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
