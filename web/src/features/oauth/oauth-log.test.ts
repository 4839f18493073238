import { describe, expect, it } from 'vitest';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import { oauthView } from './oauth-log.ts';

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
