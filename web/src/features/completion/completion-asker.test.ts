import { describe, expect, it, vi } from 'vitest';
import { CompletionAsker } from './completion-asker.ts';
import type { Completion } from '#client/session/surface-requests.ts';

/** An asker over fake timers and a recorded request function. */
function setup(
  answer: (value: string) => Completion | Promise<Completion> = (value) => ({ values: [value] }),
) {
  vi.useFakeTimers();
  const asked: string[] = [];
  const signals: AbortSignal[] = [];
  const asker = new CompletionAsker({ delayMs: 250 });
  const ask = async (value: string, signal: AbortSignal) => {
    asked.push(value);
    signals.push(signal);
    return answer(value);
  };
  return { asker, asked, signals, ask };
}

describe('CompletionAsker', () => {
  it('asks once for a burst of keystrokes, for the last value, after the pause', async () => {
    const { asker, asked, ask } = setup();
    for (const value of ['E', 'En', 'Eng', 'Engi']) {
      asker.typed(value, ask);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(asked).toEqual(['Engi']);
    expect(asker.get()).toMatchObject({ completion: { values: ['Engi'] }, forValue: 'Engi', asking: false });
    vi.useRealTimers();
  });

  it('asks again after each pause', async () => {
    const { asker, asked, ask } = setup();
    asker.typed('S', ask);
    await vi.advanceTimersByTimeAsync(300);
    asker.typed('Sa', ask);
    await vi.advanceTimersByTimeAsync(300);
    expect(asked).toEqual(['S', 'Sa']);
    vi.useRealTimers();
  });

  it('drops an answer that arrives after newer typing, without cancelling its request', async () => {
    let release: ((completion: Completion) => void) | undefined;
    const { asker, signals, ask } = setup((value) =>
      value === 'slow' ? new Promise<Completion>((resolve) => (release = resolve)) : { values: ['fresh'] },
    );
    asker.typed('slow', ask);
    await vi.advanceTimersByTimeAsync(250);
    asker.typed('new', ask);
    expect(signals[0]!.aborted).toBe(false);
    release!({ values: ['stale'] });
    await vi.advanceTimersByTimeAsync(250);
    expect(asker.get().completion).toEqual({ values: ['fresh'] });
    vi.useRealTimers();
  });

  it('asks at once when told to (a field taking the focus), and says why a request failed', async () => {
    const { asker, asked, ask } = setup(() => Promise.reject(new Error('Method not found')));
    asker.typed('', ask, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['']);
    expect(asker.get()).toMatchObject({ asking: false, error: 'Method not found' });
    vi.useRealTimers();
  });

  it('asks nothing once cancelled, and aborts what is on the wire', async () => {
    const { asker, asked, ask, signals } = setup((value) =>
      value === 'wire' ? new Promise<Completion>(() => {}) : { values: [value] },
    );
    asker.typed('wire', ask, true);
    asker.cancel();
    expect(signals[0]!.aborted).toBe(true);
    asker.typed('x', ask);
    asker.cancel();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['wire']);
    expect(asker.get().asking).toBe(false);
    vi.useRealTimers();
  });
});
