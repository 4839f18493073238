import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import type { OAuthStep } from '#shared/oauth-step.ts';
import type { OAuthGuide } from './oauth-guide.ts';

/**
 * What one connection's sign-in shows in the OAuth debugger: its steps (the ones the fetch does not
 * log by itself: challenge, authorize, callback, signed in, failed) and, in guided mode, the
 * pause before each request until the page says "Next step".
 */
export class SignInSteps {
  constructor(
    readonly emit: (event: BridgeEvent) => void,
    /** Guided mode: each OAuth request waits for the page's "Next step". */
    readonly guide: OAuthGuide | undefined,
  ) {}

  step(step: Omit<OAuthStep, 'time'> & { time?: number }): void {
    this.emit({ kind: 'oauth-step', step: { time: Date.now(), ...step } });
  }

  /** The sign-in failed: `message` is its last step, and the Error to throw. */
  failed(message: string, options?: ErrorOptions): Error {
    this.step({ kind: 'failed', decision: message });
    return new Error(message, options);
  }

  /** Guided mode: says which request comes next and waits for the page's "Next step". */
  async pause(next: { kind: OAuthStep['kind']; method: string; url: string }): Promise<void> {
    if (!this.guide) return;
    this.emit({ kind: 'oauth-paused', next });
    await this.guide.wait();
  }
}
