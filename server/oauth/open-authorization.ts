import { createHash } from 'node:crypto';

/** How a connection gets the authorization server's answer for an authorization URL. */
export type Authorize = (authorizationUrl: URL, state: string) => Promise<URLSearchParams>;

/**
 * The one authorization a connection has open. Every request that meets a 401 while it is open
 * waits for it instead of opening its own: one authorization URL, one PKCE verifier, one callback.
 */
export interface OpenAuthorization {
  /** The `state` the authorization URL carries. */
  readonly state: string;
  /** The scope the authorization URL asks for, when it names one. */
  readonly scope: string | undefined;
  /** The authorization server's answer at the callback (its `state` checked), or why none came. */
  readonly answer: Promise<URLSearchParams>;
  /** The code exchanged (or the failure), set by whoever finishes it first: every waiter awaits it. */
  finished?: Promise<void>;
}

/**
 * Keeps a connection to one open authorization at a time, with the PKCE verifier of its URL.
 * The SDK's `auth()` saves a verifier, then hands over the URL; concurrent `auth()` runs
 * interleave those calls, so the verifier is found by the URL's challenge, not by order. A run
 * that finds an authorization open joins it, and its own URL (another state and verifier, made
 * before it could know) is dropped.
 */
export class AuthorizationGate {
  /** PKCE verifiers by their S256 challenge, until the authorization URL made with one is opened. */
  private readonly verifiers = new Map<string, string>();
  /** The last verifier saved, for an authorization URL without a challenge this client made. */
  private lastVerifier = '';
  private open:
    { authorization: OpenAuthorization; verifier: string; cancel: (error: Error) => void } | undefined;

  constructor(
    private readonly authorize: Authorize,
    /** An authorization was opened (`joined` false) or another 401 joined the open one (true). */
    private readonly onAuthorization?: (authorization: OpenAuthorization, joined: boolean) => void,
  ) {}

  /** Opens the authorization at `url`, unless one is open: then the caller joins it. */
  openAt(url: URL): void {
    if (this.open) {
      this.onAuthorization?.(this.open.authorization, true);
      return;
    }
    const state = url.searchParams.get('state') ?? '';
    const verifier = this.verifiers.get(url.searchParams.get('code_challenge') ?? '') ?? this.lastVerifier;
    this.verifiers.clear();
    let cancel: (error: Error) => void = () => {};
    const cancelled = new Promise<never>((_resolve, reject) => (cancel = reject));
    const answered = this.authorize(url, state).then((params) => {
      // A callback for another authorization (or a forged one) must not be used for this one.
      if (params.get('state') !== state && !params.has('error'))
        throw new Error('The authorization response does not carry the state this sign-in sent');
      return params;
    });
    const authorization: OpenAuthorization = {
      state,
      scope: url.searchParams.get('scope') ?? undefined,
      answer: Promise.race([answered, cancelled]),
    };
    // Waiters await it through current(); until then, do not report it as unhandled.
    authorization.answer.catch(() => {});
    answered.catch(() => {});
    this.open = { authorization, verifier, cancel };
    this.onAuthorization?.(authorization, false);
  }

  saveVerifier(verifier: string): void {
    this.lastVerifier = verifier;
    this.verifiers.set(createHash('sha256').update(verifier).digest('base64url'), verifier);
  }

  /** The verifier of the open authorization's URL (the one its code is exchanged with). */
  verifier(): string {
    return this.open?.verifier ?? this.lastVerifier;
  }

  forgetVerifiers(): void {
    this.lastVerifier = '';
    this.verifiers.clear();
  }

  /** The authorization open now, which a request that met a 401 waits for; undefined when none is. */
  current(): OpenAuthorization | undefined {
    return this.open?.authorization;
  }

  /** It was finished (or failed): the next 401 opens a new one. */
  close(authorization: OpenAuthorization): void {
    if (this.open?.authorization === authorization) this.open = undefined;
  }

  /** Ends the open authorization with `error` (the connection closed): its waiters fail with it. */
  cancel(error: Error): void {
    this.open?.cancel(error);
  }
}
