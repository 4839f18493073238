/**
 * The load loop of `toolscope load`, apart from any session: `concurrency` workers call one function
 * over and over, and the run stops at `requests` calls or at `durationMs`, whichever comes first. No call
 * starts past either limit, and calls still running at the deadline are aborted (counted as `cut`), so a
 * run never goes beyond what it was given.
 */

/** How much load to make. */
export interface LoadPlan {
  /** Calls in flight at once. */
  concurrency: number;
  /** Most calls to start. */
  requests?: number;
  /** Most milliseconds from the first call's start. */
  durationMs?: number;
}

/** How one call ended: undefined when it succeeded, else its kind of error (`tool-error`, `protocol-error -32602`…). */
export type CallEnd = string | undefined;

/** What a run measured. */
export interface LoadSamples {
  /** Latency of each finished call, in ms, in the order they finished. */
  latencies: number[];
  /** Failed calls by kind. */
  errors: Record<string, number>;
  /** Calls aborted because the deadline came while they ran (not in latencies or errors). */
  cut: number;
  /** From the first start to the last end, in ms. */
  elapsedMs: number;
}

/** Progress of a running load, for the terminal's progress line. */
export interface LoadProgress {
  done: number;
  errors: number;
  elapsedMs: number;
}

/**
 * Runs the plan. `call` gets a signal that aborts at the deadline; it must resolve (never reject) with
 * how the call ended. `onprogress` is told after every call.
 */
export async function runLoadPlan(
  plan: LoadPlan,
  call: (signal: AbortSignal) => Promise<CallEnd>,
  onprogress?: (progress: LoadProgress) => void,
  now: () => number = () => performance.now(),
): Promise<LoadSamples> {
  const samples: LoadSamples = { latencies: [], errors: {}, cut: 0, elapsedMs: 0 };
  const started = now();
  const deadline = plan.durationMs !== undefined ? started + plan.durationMs : Infinity;
  const stop = new AbortController();
  const timer = plan.durationMs !== undefined ? setTimeout(() => stop.abort(), plan.durationMs) : undefined;
  let begun = 0;
  let errors = 0;
  const more = () =>
    (plan.requests === undefined || begun < plan.requests) && now() < deadline && !stop.signal.aborted;

  const worker = async () => {
    while (more()) {
      begun++;
      const at = now();
      const end = await call(stop.signal);
      // A call that failed once the deadline had aborted it was cut, not an error of the server.
      if (stop.signal.aborted && end !== undefined) {
        samples.cut++;
        continue;
      }
      samples.latencies.push(now() - at);
      if (end !== undefined) {
        samples.errors[end] = (samples.errors[end] ?? 0) + 1;
        errors++;
      }
      onprogress?.({ done: samples.latencies.length, errors, elapsedMs: now() - started });
    }
  };
  try {
    await Promise.all(Array.from({ length: plan.concurrency }, worker));
  } finally {
    clearTimeout(timer);
  }
  samples.elapsedMs = now() - started;
  return samples;
}
