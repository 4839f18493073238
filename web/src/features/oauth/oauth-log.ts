import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { OAuthStep } from '#shared/oauth-step.ts';

/** What the bridge says on an Authorize row while the person has not come back yet. */
const WAITING = 'Waiting for you to sign in in the browser';

/** A row of the OAuth debugger: a step (with the decision as it reads now), or where a new connection began. */
export type OAuthRow =
  { kind: 'step'; step: OAuthStep; decision: string } | { kind: 'separator'; time: number; label: string };

/** The sign-in a person is asked for now. */
export interface SignInAsk {
  url: string;
  /** The scope the sign-in asks for, when it names one. */
  scope?: string;
  /** On a step-up, the scopes the connection's token does not hold yet. */
  adds?: string;
}

/** What the page knows of the connection's OAuth sign-in, read from the bridge's events. */
export interface OAuthView {
  /** Every step so far, of every connection, in order. */
  steps: OAuthStep[];
  /** The steps as the debugger shows them, with a separator where a connection started over. */
  rows: OAuthRow[];
  /** The authorization URL a person should open now, while the bridge waits for them. */
  signInUrl: string | undefined;
  /** The same, with what it asks for. */
  signIn: SignInAsk | undefined;
  /** The last failure's message, when the current connection's last step failed. */
  failure: string | undefined;
  /** Guided mode: the request that waits for "Next step", when one does. */
  paused: { kind: OAuthStep['kind']; method: string; url: string } | undefined;
}

/**
 * Folds the connection's bridge events into an {@link OAuthView}. `connects` are the times the page
 * asked for a connection (the log has no mark of its own for one the page ended itself): steps
 * after one, like steps after a closed connection, start a new part of the debugger's table.
 */
export function oauthView(log: readonly TimedBridgeEvent[], connects: readonly number[] = []): OAuthView {
  const steps: OAuthStep[] = [];
  const rows: OAuthRow[] = [];
  let signIn: SignInAsk | undefined;
  let paused: OAuthView['paused'];
  let failure: string | undefined;
  /** A connection ended since the last step: the next step starts a new part of the log. */
  let ended: number | undefined;
  for (const { time, event } of log) {
    if (event.kind === 'oauth-paused') paused = event.next;
    // The paused request went (its step came), or the connection ended: nothing waits.
    if (event.kind === 'oauth-step' || event.kind === 'oauth-sign-in' || event.kind === 'closed')
      paused = undefined;
    if (event.kind === 'closed') {
      signIn = undefined;
      failure = undefined;
      ended = time;
      settle(rows, 'the connection ended before an answer came');
    }
    if (event.kind === 'oauth-sign-in')
      signIn = {
        url: event.url,
        ...(event.scope ? { scope: event.scope } : {}),
        ...(event.adds ? { adds: event.adds } : {}),
      };
    if (event.kind !== 'oauth-step') continue;
    const { step } = event;
    const last = steps.at(-1)?.time;
    const connected = last === undefined ? undefined : connects.find((at) => at > last && at <= step.time);
    if ((ended !== undefined || connected !== undefined) && rows.length)
      rows.push({ kind: 'separator', time: connected ?? step.time, label: 'Started over: a new connection' });
    ended = undefined;
    // A new authorization (one with a URL; a request joining the open one has none) ends the wait too.
    if (step.kind === 'callback' || step.kind === 'failed' || (step.kind === 'authorize' && step.url))
      settle(
        rows,
        step.kind === 'callback'
          ? 'you came back (see Callback below)'
          : step.kind === 'failed'
            ? 'the sign-in ended before an answer came'
            : 'a new authorization took its place',
      );
    steps.push(step);
    rows.push({ kind: 'step', step, decision: step.decision });
    // The person came back (or it failed): nothing to open any more.
    if (['callback', 'signed-in', 'failed'].includes(step.kind)) signIn = undefined;
    failure = step.kind === 'failed' ? step.decision : undefined;
  }
  // The page connected again since: what the last connection waited for or failed at is not this one's.
  const latest = log.at(-1)?.time;
  if (latest !== undefined && connects.some((at) => at > latest)) {
    signIn = undefined;
    failure = undefined;
  }
  return { steps, rows, signInUrl: signIn?.url, signIn, failure, paused };
}

/** An Authorize row still "waiting" once its wait is over says how it ended instead. */
function settle(rows: OAuthRow[], outcome: string): void {
  for (const row of rows)
    if (row.kind === 'step' && row.step.kind === 'authorize' && row.decision === WAITING)
      row.decision = `Opened in the browser: ${outcome}`;
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

/** The query parameters of a step's URL, decoded, for the Authorize row's table. */
export function urlParameters(url: string | undefined): [string, string][] {
  if (!url) return [];
  try {
    return [...new URL(url).searchParams];
  } catch {
    return [];
  }
}

/** A step's wall-clock time as the debugger shows it (hours to milliseconds, the viewer's time zone). */
export function clockTime(time: number): string {
  const at = new Date(time);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
}
