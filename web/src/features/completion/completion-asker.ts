import { Store } from '#client/lib/store.ts';
import type { Completion } from '#client/session/surface-requests.ts';

/** Suggestions for what a field holds, as the server last offered them. */
export interface CompletionState {
  /** The answer for `forValue`; undefined before the first answer. */
  completion: Completion | undefined;
  /** The value the suggestions were asked for. */
  forValue: string | undefined;
  /** A request is waiting (debounced or on the wire). */
  asking: boolean;
  /** Why the last request failed. */
  error: string | undefined;
}

/** Waits this long after the last keystroke before asking: typing "Engineering" costs one request, not eleven. */
export const COMPLETION_DELAY_MS = 250;

/** The completion/complete request for a value. */
export type AskCompletion = (value: string, signal: AbortSignal) => Promise<Completion>;

/** What the asker needs: its pause, and timers (fake ones in tests). */
export interface CompletionAskerOptions {
  delayMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Asks completion/complete for a field as the user types, debounced: each keystroke restarts the wait, and an
 * answer to an older value is dropped, so only the answer for the latest value is ever shown. A request on the
 * wire is left to finish (cancelling each would put a notifications/cancelled in the trace per keystroke);
 * leaving the field aborts it. Framework-free; the field subscribes.
 */
export class CompletionAsker extends Store<CompletionState> {
  private timer: unknown;
  private inFlight: AbortController | undefined;
  /** Numbers each request: an answer to one that is not the newest is dropped. */
  private asked = 0;
  private readonly delayMs: number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(options: CompletionAskerOptions = {}) {
    super({ completion: undefined, forValue: undefined, asking: false, error: undefined });
    this.delayMs = options.delayMs ?? COMPLETION_DELAY_MS;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /**
   * The field now holds `value`: `ask` for it once the user pauses (at once when `now`, e.g. on focus). The
   * request is passed each time, so it reads the other fields as they are when asked.
   */
  typed(value: string, ask: AskCompletion, now = false): void {
    this.stopTimer();
    this.update({ asking: true });
    if (now) return void this.ask(value, ask);
    this.timer = this.setTimer(() => {
      this.timer = undefined;
      void this.ask(value, ask);
    }, this.delayMs);
  }

  /** Stops waiting and drops a request on the wire (the field closed, or was left). */
  cancel(): void {
    this.stopTimer();
    this.asked++;
    this.inFlight?.abort();
    this.inFlight = undefined;
    if (this.get().asking) this.update({ asking: false });
  }

  private stopTimer(): void {
    if (this.timer !== undefined) this.clearTimer(this.timer);
    this.timer = undefined;
    // What was asked before is stale from now on.
    this.asked++;
  }

  private async ask(value: string, ask: AskCompletion): Promise<void> {
    const controller = new AbortController();
    const number = ++this.asked;
    this.inFlight = controller;
    try {
      const completion = await ask(value, controller.signal);
      if (number !== this.asked) return;
      this.update({ completion, forValue: value, asking: false, error: undefined });
    } catch (error) {
      if (number !== this.asked) return;
      this.update({ asking: false, error: error instanceof Error ? error.message : String(error) });
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }
}
