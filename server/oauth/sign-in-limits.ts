import { SignInFailure } from './oauth-failure.ts';

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
 * The retry limits of one connection's sign-in against authorization loops (a server that keeps
 * refusing the token it asked for): counts sign-ins and authorizations since a message last got
 * through, and the answers that asked for sign-in.
 */
export class SignInLimits {
  /** Sign-ins since a message last got through. */
  private fruitless = 0;
  /** Authorization URLs opened since a message that met a challenge last got through. */
  private authorizations = 0;
  /** Answers that asked for sign-in (401, 403 insufficient_scope), ever: see {@link mark}. */
  private challenges = 0;

  /** An authorization URL is about to be opened: throws once too many were in a row. */
  authorizationOpened(): void {
    if (++this.authorizations > MAX_AUTHORIZATIONS_IN_A_ROW)
      throw new SignInFailure(
        `Stopped signing in: ${MAX_AUTHORIZATIONS_IN_A_ROW} authorizations in a row did not get a message through (a retry limit against authorization loops)`,
      );
  }

  /** A sign-in is about to be finished: why not, once too many were in a row; else undefined. */
  signInStarted(): string | undefined {
    if (this.fruitless >= MAX_FRUITLESS_SIGN_INS)
      return `Stopped signing in: the server refused the token after ${this.fruitless} sign-ins in a row (a retry limit against authorization loops)`;
    this.fruitless++;
    return undefined;
  }

  /** The server answered with a challenge (401, or 403 insufficient_scope). */
  challenged(): void {
    this.challenges++;
  }

  /** A mark to pass to {@link succeeded}, taken before a message is sent. */
  mark(): number {
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
}
