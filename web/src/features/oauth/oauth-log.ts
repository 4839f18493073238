import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { OAuthStep } from '#shared/oauth-step.ts';

/** What the page knows of the connection's OAuth sign-in, read from the bridge's events. */
export interface OAuthView {
  /** Every step so far, in order. */
  steps: OAuthStep[];
  /** The authorization URL a person should open now, while the bridge waits for them. */
  signInUrl: string | undefined;
  /** The last failure's message, when the last step failed. */
  failure: string | undefined;
  /** Guided mode: the request that waits for "Next step", when one does. */
  paused: { kind: OAuthStep['kind']; method: string; url: string } | undefined;
}

/** Folds the connection's bridge events into an {@link OAuthView}. */
export function oauthView(log: readonly TimedBridgeEvent[]): OAuthView {
  const steps: OAuthStep[] = [];
  let signInUrl: string | undefined;
  let paused: OAuthView['paused'];
  for (const { event } of log) {
    if (event.kind === 'oauth-paused') paused = event.next;
    // The paused request went (its step came), or the connection ended: nothing waits.
    if (event.kind === 'oauth-step' || event.kind === 'oauth-sign-in' || event.kind === 'closed')
      paused = undefined;
    if (event.kind === 'oauth-sign-in') signInUrl = event.url;
    if (event.kind !== 'oauth-step') continue;
    steps.push(event.step);
    // The person came back (or it failed): nothing to open any more.
    if (['callback', 'signed-in', 'failed'].includes(event.step.kind)) signInUrl = undefined;
  }
  const last = steps.at(-1);
  return { steps, signInUrl, failure: last?.kind === 'failed' ? last.decision : undefined, paused };
}

/** A step's label in the debugger. */
export const STEP_LABELS: Record<OAuthStep['kind'], string> = {
  challenge: 'Challenge',
  'resource-metadata': 'Protected resource metadata',
  'server-metadata': 'Authorization server metadata',
  registration: 'Client registration',
  authorize: 'Authorize',
  callback: 'Callback',
  token: 'Token',
  refresh: 'Refresh',
  'signed-in': 'Signed in',
  failed: 'Failed',
};
