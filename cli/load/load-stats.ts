import type { LoadSamples } from './load-run.ts';

/** Latency figures of a run, in ms. */
export interface LatencyFigures {
  min: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

/** What `toolscope load` reports of one run (one path: through the bridge, or direct). */
export interface LoadFigures {
  /** Calls that finished, failed ones included. */
  calls: number;
  ok: number;
  /** Failed calls. */
  errors: number;
  /** Failed calls by kind: `tool-error`, `protocol-error -32602`, `timed-out`… */
  errorsByKind: Record<string, number>;
  /** Calls aborted at the --duration deadline. */
  cut: number;
  durationS: number;
  callsPerSecond: number;
  /** Over every finished call, failed ones included; null when none finished. */
  latencyMs: LatencyFigures | null;
}

/** The figures of a run's samples. */
export function loadFigures(samples: LoadSamples): LoadFigures {
  const calls = samples.latencies.length;
  const errors = Object.values(samples.errors).reduce((sum, n) => sum + n, 0);
  const seconds = samples.elapsedMs / 1000;
  return {
    calls,
    ok: calls - errors,
    errors,
    errorsByKind: samples.errors,
    cut: samples.cut,
    durationS: round(seconds, 3),
    callsPerSecond: seconds > 0 ? round(calls / seconds, 1) : 0,
    latencyMs: calls ? latencyFigures(samples.latencies) : null,
  };
}

function latencyFigures(values: readonly number[]): LatencyFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return {
    min: round(sorted[0]!, 3),
    mean: round(mean, 3),
    p50: round(percentile(sorted, 50), 3),
    p90: round(percentile(sorted, 90), 3),
    p95: round(percentile(sorted, 95), 3),
    p99: round(percentile(sorted, 99), 3),
    max: round(sorted.at(-1)!, 3),
  };
}

/** The nearest-rank percentile of sorted values: a latency that was measured, never one in between. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
