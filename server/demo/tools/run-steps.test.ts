import { describe, expect, it } from 'vitest';
import { runSteps } from './run-steps.ts';

describe('runSteps', () => {
  it('runs every step when not cancelled', async () => {
    const seen: number[] = [];
    const done = await runSteps(3, 1, new AbortController().signal, async (step) => {
      seen.push(step);
    });
    expect(done).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('stops right away when aborted mid-delay', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 20);
    const done = await runSteps(10, 1000, controller.signal, async () => {});
    expect(done).toBe(0);
    // Not a speed check: it must not wait out the step's 1 s delay (the only way to take that long).
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('does not start another step after an abort during a step callback', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const done = await runSteps(5, 1, controller.signal, async (step) => {
      seen.push(step);
      if (step === 2) controller.abort();
    });
    expect(done).toBe(2);
    expect(seen).toEqual([1, 2]);
  });
});
