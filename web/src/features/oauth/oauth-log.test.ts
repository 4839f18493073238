import { describe, expect, it } from 'vitest';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import { clockTime, oauthView, urlParameters } from './oauth-log.ts';

const step = (kind: 'authorize' | 'callback' | 'failed', decision: string = kind): TimedBridgeEvent => ({
  time: 1,
  event: { kind: 'oauth-step', step: { kind, time: 1, decision } },
});

describe('oauthView', () => {
  it('offers the sign-in URL until the person came back', () => {
    const waiting = oauthView([
      step('authorize'),
      { time: 2, event: { kind: 'oauth-sign-in', url: 'https://as/auth' } },
    ]);
    expect(waiting.signInUrl).toBe('https://as/auth');
    expect(waiting.steps).toHaveLength(1);
    const back = oauthView([
      { time: 2, event: { kind: 'oauth-sign-in', url: 'https://as/auth' } },
      step('callback'),
    ]);
    expect(back.signInUrl).toBeUndefined();
  });

  it('reports the last failure', () => {
    expect(oauthView([step('failed', 'Issuer mismatch: …')]).failure).toBe('Issuer mismatch: …');
    expect(oauthView([step('failed', 'x'), step('callback')]).failure).toBeUndefined();
  });
});

describe('oauthView in guided mode', () => {
  const paused: TimedBridgeEvent = {
    time: 1,
    event: { kind: 'oauth-paused', next: { kind: 'token', method: 'POST', url: 'https://as/token' } },
  };
  it('shows the waiting request until its step comes', () => {
    expect(oauthView([step('callback'), paused]).paused?.url).toBe('https://as/token');
    expect(oauthView([paused, step('callback')]).paused).toBeUndefined();
    expect(oauthView([paused, { time: 2, event: { kind: 'closed', reason: 'x' } }]).paused).toBeUndefined();
  });
});

describe('the debugger rows', () => {
  const at = (
    time: number,
    kind: 'authorize' | 'callback' | 'failed' | 'token',
    decision: string = kind,
    url?: string,
  ): TimedBridgeEvent => ({
    time,
    event: { kind: 'oauth-step', step: { kind, time, decision, ...(url ? { url } : {}) } },
  });
  const waiting = 'Waiting for you to sign in in the browser';

  it('an Authorize row stops saying it waits once the person came back, or the sign-in or connection ended', () => {
    const came = oauthView([at(1, 'authorize', waiting, 'https://as/auth?x=1'), at(2, 'callback')]);
    expect(came.rows[0]).toMatchObject({
      decision: 'Opened in the browser: you came back (see Callback below)',
    });
    expect(came.steps[0]!.decision).toBe(waiting); // the step itself is as the bridge sent it
    const failed = oauthView([at(1, 'authorize', waiting, 'https://as/auth'), at(2, 'failed', 'no')]);
    expect(failed.rows[0]).toMatchObject({
      decision: 'Opened in the browser: the sign-in ended before an answer came',
    });
    const closed = oauthView([
      at(1, 'authorize', waiting, 'https://as/auth'),
      { time: 2, event: { kind: 'closed', reason: 'Disconnected' } },
    ]);
    expect(closed.rows[0]).toMatchObject({
      decision: 'Opened in the browser: the connection ended before an answer came',
    });
    // A request joining the open sign-in (no URL) does not end the wait.
    const joined = oauthView([
      at(1, 'authorize', waiting, 'https://as/auth'),
      at(2, 'authorize', 'Another request met the 401 too'),
    ]);
    expect(joined.rows[0]).toMatchObject({ decision: waiting });
  });

  it('a connection after a closed one starts with a separator, and the old failure is not the new one’s', () => {
    const view = oauthView([
      at(1, 'failed', 'refused'),
      { time: 2, event: { kind: 'closed', reason: 'Disconnected' } },
      at(3, 'token'),
    ]);
    expect(view.rows.map((row) => row.kind)).toEqual(['step', 'separator', 'step']);
    expect(view.failure).toBeUndefined();
    expect(
      oauthView([at(1, 'failed', 'refused'), { time: 2, event: { kind: 'closed', reason: 'x' } }]).failure,
    ).toBeUndefined();
  });

  it('says what a sign-in asks for, and what a step-up adds', () => {
    const view = oauthView([
      { time: 1, event: { kind: 'oauth-sign-in', url: 'https://as/auth', scope: 'a b', adds: 'b' } },
    ]);
    expect(view.signIn).toEqual({ url: 'https://as/auth', scope: 'a b', adds: 'b' });
  });

  it('decodes an authorization URL’s parameters and shows wall-clock times', () => {
    expect(urlParameters('https://as/auth?scope=mcp%3Atools+mcp%3Aadmin&state=s')).toEqual([
      ['scope', 'mcp:tools mcp:admin'],
      ['state', 's'],
    ]);
    expect(urlParameters(undefined)).toEqual([]);
    expect(clockTime(new Date(2026, 0, 2, 3, 4, 5, 6).getTime())).toBe('03:04:05.006');
  });

  it('a connection the page asked for starts a new part, even without a closed event; its old failure is gone', () => {
    const log = [at(1, 'failed', 'refused'), at(5, 'token')];
    expect(oauthView(log, [3]).rows.map((row) => row.kind)).toEqual(['step', 'separator', 'step']);
    expect(oauthView(log, [3]).rows[1]).toMatchObject({ time: 3 });
    expect(oauthView([at(1, 'failed', 'refused')], [3]).failure).toBeUndefined();
    expect(oauthView([at(1, 'failed', 'refused')], [0]).failure).toBe('refused');
  });
});
