/**
 * The cancellable work loop behind `slow_task`, kept apart from the MCP
 * wiring so cancellation can be tested directly (the SDK hides what happens
 * after an abort: it drops both late notifications and the late result).
 */

/** Waits `ms`; resolves `false` early (instead of rejecting) if `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `steps` steps of `delayMs` each, awaiting `onStep(step)` after each one.
 * Stops as soon as `signal` aborts and resolves with the number of completed steps.
 */
export async function runSteps(
  steps: number,
  delayMs: number,
  signal: AbortSignal,
  onStep: (step: number) => Promise<void>,
): Promise<number> {
  for (let step = 1; step <= steps; step++) {
    if (!(await sleep(delayMs, signal))) return step - 1;
    await onStep(step);
    if (signal.aborted) return step;
  }
  return steps;
}
