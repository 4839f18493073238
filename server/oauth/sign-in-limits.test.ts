import { describe, expect, it } from 'vitest';
import { MAX_AUTHORIZATIONS_IN_A_ROW, SignInLimits } from './sign-in-limits.ts';

describe('SignInLimits', () => {
  it('stops after too many authorizations in a row, until a challenged message gets through', () => {
    const limits = new SignInLimits();
    for (let i = 0; i < MAX_AUTHORIZATIONS_IN_A_ROW; i++) limits.authorizationOpened();
    expect(() => limits.authorizationOpened()).toThrow(/authorizations in a row/);
    const mark = limits.mark();
    limits.succeeded(mark); // no challenge since the mark: says nothing about signing in again
    expect(() => limits.authorizationOpened()).toThrow(/authorizations in a row/);
    const next = limits.mark();
    limits.challenged();
    limits.succeeded(next);
    expect(() => limits.authorizationOpened()).not.toThrow();
  });

  it('refuses a third sign-in in a row that got no message through', () => {
    const limits = new SignInLimits();
    expect(limits.signInStarted()).toBeUndefined();
    expect(limits.signInStarted()).toBeUndefined();
    expect(limits.signInStarted()).toMatch(/after 2 sign-ins in a row/);
    limits.succeeded();
    expect(limits.signInStarted()).toBeUndefined();
  });
});
