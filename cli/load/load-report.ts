import type { LoadFigures } from './load-stats.ts';

/** A load run as the report shows it: the tool, the plan, the server, and the figures of each path. */
export interface LoadReport {
  tool: string;
  arguments: Record<string, unknown>;
  plan: { concurrency: number; requests?: number; durationS?: number };
  server: { name: string; version: string; protocolVersion: string };
  /** Through the bridge (the session over the bridge's channel, as check and the page). */
  bridge: LoadFigures;
  /** Straight to the server, with `--compare-direct`. */
  direct?: LoadFigures;
  /** Why the run failed its limits (exit 1); empty when it passed. */
  failures: string[];
}

/** Why the figures fail the limits: any failed call beyond the allowed share, a p99 above its ceiling. */
export function loadFailures(
  figures: LoadFigures,
  limits: { maxErrorRate: number; maxP99Ms?: number },
): string[] {
  const failures: string[] = [];
  const rate = figures.calls ? figures.errors / figures.calls : 0;
  if (figures.errors && rate > limits.maxErrorRate)
    failures.push(
      `${figures.errors} of ${figures.calls} calls failed (${percent(rate)}; allowed: ${percent(limits.maxErrorRate)}, --max-error-rate)`,
    );
  if (!figures.calls) failures.push('no call finished');
  const p99 = figures.latencyMs?.p99;
  if (limits.maxP99Ms !== undefined && p99 !== undefined && p99 > limits.maxP99Ms)
    failures.push(`p99 latency ${ms(p99)} is above --max-p99 ${ms(limits.maxP99Ms)}`);
  return failures;
}

/** The report as JSON: the bridge's figures at the top level (calls, errors, latencyMs…), then the rest. */
export function formatLoadJson(report: LoadReport): string {
  const { bridge, direct, failures, ...about } = report;
  return JSON.stringify(
    { ...about, ...bridge, ...(direct ? { direct } : {}), failures, exitCode: failures.length ? 1 : 0 },
    null,
    2,
  );
}

/** The report as people read it: one column per path, one row per figure. */
export function formatLoadText(report: LoadReport): string {
  const { plan, server } = report;
  const limit = [
    plan.requests !== undefined ? `at most ${plan.requests} calls` : undefined,
    plan.durationS !== undefined ? `at most ${plan.durationS} s` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  const columns: [string, LoadFigures][] = [['through the bridge', report.bridge]];
  if (report.direct) columns.push(['direct', report.direct]);
  const rows: [string, (f: LoadFigures) => string][] = [
    ['calls', (f) => `${f.calls} (${f.ok} ok)${f.cut ? `, ${f.cut} cut` : ''}`],
    ['errors', (f) => describeErrors(f)],
    ['duration', (f) => `${f.durationS.toFixed(2)} s`],
    ['calls/s', (f) => f.callsPerSecond.toFixed(1)],
    ...(['p50', 'p90', 'p95', 'p99', 'max'] as const).map((key): [string, (f: LoadFigures) => string] => [
      key,
      (f) => (f.latencyMs ? ms(f.latencyMs[key]) : 'n/a'),
    ]),
  ];
  const width = Math.max(20, ...columns.flatMap(([, f]) => rows.map(([, cell]) => cell(f).length + 2)));
  const lines = [
    `${server.name} ${server.version}: tool ${report.tool}, concurrency ${plan.concurrency}, ${limit}`,
    '',
    `${''.padEnd(12)}${columns.map(([name]) => name.padEnd(width)).join('')}`.trimEnd(),
    ...rows.map(([name, cell]) =>
      `  ${name.padEnd(10)}${columns.map(([, f]) => cell(f).padEnd(width)).join('')}`.trimEnd(),
    ),
    '',
    report.failures.length ? `Failed: ${report.failures.join('; ')}` : 'Passed.',
  ];
  return lines.join('\n');
}

function describeErrors(figures: LoadFigures): string {
  const kinds = Object.entries(figures.errorsByKind);
  if (!kinds.length) return '0';
  return `${figures.errors}: ${kinds.map(([kind, n]) => `${n} ${kind}`).join(', ')}`;
}

function ms(value: number): string {
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 1000) return `${value.toFixed(1)} ms`;
  return `${Math.round(value).toLocaleString('en-US')} ms`;
}

function percent(rate: number): string {
  return `${(rate * 100).toFixed(rate < 0.01 && rate > 0 ? 2 : 1)}%`;
}
