import { describe, expect, it } from 'vitest';
import { DEFAULT_TASK_TTL_MS, decideTask, describeTaskDecision } from './task-decision.ts';

describe('decideTask', () => {
  it('follows the spec when nothing is asked: a task exactly when the tool requires one', () => {
    expect(decideTask('required')).toEqual({
      task: { ttl: DEFAULT_TASK_TTL_MS },
      forced: false,
      mode: 'required',
    });
    expect(decideTask('optional')).toEqual({ task: undefined, forced: false, mode: 'optional' });
    expect(decideTask('forbidden', { kind: 'spec' })).toEqual({
      task: undefined,
      forced: false,
      mode: 'forbidden',
    });
  });

  it('takes an explicit choice, marking the ones that break the rule as forced', () => {
    expect(decideTask('optional', { kind: 'choice', asTask: true, ttlMs: 5000 })).toEqual({
      task: { ttl: 5000 },
      forced: false,
      mode: 'optional',
    });
    expect(decideTask('forbidden', { kind: 'choice', asTask: true })).toMatchObject({ forced: true });
    expect(decideTask('required', { kind: 'choice', asTask: false })).toMatchObject({
      task: undefined,
      forced: true,
    });
    expect(decideTask('optional', { kind: 'choice', asTask: false })).toMatchObject({ forced: false });
  });

  it('repeats an earlier decision, forced ones included', () => {
    expect(decideTask('optional', { kind: 'repeat', task: { ttl: 9000 }, forced: false })).toEqual({
      task: { ttl: 9000 },
      forced: false,
      mode: 'optional',
    });
    expect(decideTask('required', { kind: 'repeat', task: undefined, forced: true })).toMatchObject({
      task: undefined,
      forced: true,
    });
    expect(decideTask('forbidden', { kind: 'repeat', task: { ttl: 1 }, forced: true })).toMatchObject({
      task: { ttl: 1 },
      forced: true,
    });
  });

  it('does not repeat a decision into a forced one when the tool changed since', () => {
    const plainNowRequired = decideTask('required', { kind: 'repeat', task: undefined, forced: false });
    expect(plainNowRequired).toMatchObject({ task: { ttl: DEFAULT_TASK_TTL_MS }, forced: false });
    expect(plainNowRequired.note).toMatch(/now "required"/);
    const taskNowForbidden = decideTask('forbidden', { kind: 'repeat', task: { ttl: 1 }, forced: false });
    expect(taskNowForbidden).toMatchObject({ task: undefined, forced: false, note: expect.any(String) });
  });

  it('describes a decision in words', () => {
    expect(describeTaskDecision({ task: { ttl: 300_000 }, forced: false })).toBe('as a task, TTL 300 s');
    expect(describeTaskDecision({ task: undefined, forced: true })).toMatch(/plain call \(forced/);
    expect(describeTaskDecision({ task: { ttl: 1000 }, forced: true })).toMatch(/forced/);
  });
});
