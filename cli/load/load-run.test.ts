import { describe, expect, it } from 'vitest';
import { runLoadPlan, type CallEnd } from './load-run.ts';
import { loadFigures, percentile } from './load-stats.ts';
import { loadFailures } from './load-report.ts';
import { parseLoadArgs } from './load-args.ts';

const target = ['--', 'node', 'server.js'];

describe('the load loop', () => {
  it('makes exactly --requests calls, never more than --concurrency at once', async () => {
    let inFlight = 0;
    let most = 0;
    let made = 0;
    const samples = await runLoadPlan({ concurrency: 4, requests: 25 }, async () => {
      const index = ++made;
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return index % 5 === 0 ? 'tool-error' : undefined;
    });
    expect(made).toBe(25);
    expect(most).toBe(4);
    expect(samples.latencies).toHaveLength(25);
    expect(samples.errors).toEqual({ 'tool-error': 5 });
  });

  it('starts no call after --duration and cuts the calls still running then', async () => {
    let made = 0;
    const samples = await runLoadPlan({ concurrency: 2, durationMs: 50 }, (signal) => {
      made++;
      // Each call lasts until the deadline aborts it: both are cut, none is counted as an error.
      return new Promise<CallEnd>((resolve) => signal.addEventListener('abort', () => resolve('cancelled')));
    });
    expect(made).toBe(2);
    expect(samples.cut).toBe(2);
    expect(samples.latencies).toEqual([]);
    expect(samples.elapsedMs).toBeGreaterThanOrEqual(45);
  });
});

describe('load figures', () => {
  it('takes nearest-rank percentiles: a latency that was measured', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });

  it('counts calls, failures by kind and calls per second', () => {
    const figures = loadFigures({
      latencies: [1, 2, 3, 4],
      errors: { 'protocol-error -32602': 1 },
      cut: 0,
      elapsedMs: 2000,
    });
    expect(figures).toMatchObject({ calls: 4, ok: 3, errors: 1, callsPerSecond: 2, durationS: 2 });
    expect(figures.latencyMs).toMatchObject({ min: 1, p50: 2, p99: 4, max: 4, mean: 2.5 });
  });

  it('fails on any failed call by default, within --max-error-rate, and above --max-p99', () => {
    const figures = loadFigures({
      latencies: [1, 2, 50, 4],
      errors: { 'timed-out': 1 },
      cut: 0,
      elapsedMs: 10,
    });
    expect(loadFailures(figures, { maxErrorRate: 0 })).toEqual([
      '1 of 4 calls failed (25.0%; allowed: 0.0%, --max-error-rate)',
    ]);
    expect(loadFailures(figures, { maxErrorRate: 0.25 })).toEqual([]);
    expect(loadFailures(figures, { maxErrorRate: 1, maxP99Ms: 10 })).toEqual([
      'p99 latency 50.0 ms is above --max-p99 10.0 ms',
    ]);
  });
});

describe('parseLoadArgs', () => {
  it('reads the flags of the contract, and a target', () => {
    const options = parseLoadArgs([
      '--tool',
      'add',
      '--args',
      '{"a":1,"b":2}',
      '--requests',
      '200',
      '--concurrency',
      '10',
      '--json',
      ...target,
    ]);
    expect(options).toMatchObject({
      tool: 'add',
      args: { a: 1, b: 2 },
      requests: 200,
      concurrency: 10,
      json: true,
    });
    expect(options.target.command).toEqual(['node', 'server.js']);
  });

  it('makes 100 calls when given neither --requests nor --duration, and takes both as limits', () => {
    expect(parseLoadArgs(['--tool', 'a', ...target]).requests).toBe(100);
    const timed = parseLoadArgs(['--tool', 'a', '--duration', '5', ...target]);
    expect([timed.durationS, timed.requests]).toEqual([5, undefined]);
    expect(parseLoadArgs(['--tool', 'a', '--duration', '5', '--requests', '9', ...target])).toMatchObject({
      durationS: 5,
      requests: 9,
    });
  });

  it('refuses what it cannot run, in words', () => {
    expect(() => parseLoadArgs(target)).toThrow('Give the tool to call: --tool <name>');
    expect(() => parseLoadArgs(['--tool', 'a'])).toThrow(/Give a target/);
    expect(() => parseLoadArgs(['--tool', 'a', '--args', '[1]', ...target])).toThrow(
      '--args must be a JSON object of arguments',
    );
    expect(() => parseLoadArgs(['--tool', 'a', '--args', '{', ...target])).toThrow(/--args is not JSON/);
    expect(() => parseLoadArgs(['--tool', 'a', '--concurrency', '1001', ...target])).toThrow(
      /--concurrency must be a whole number from 1 to 1,000/,
    );
    expect(() => parseLoadArgs(['--tool', 'a', '--duration', '3601', ...target])).toThrow(
      /--duration must be/,
    );
    expect(() => parseLoadArgs(['--tool', 'a', '--args', '{}', '--args-file', 'f', ...target])).toThrow(
      'Give --args or --args-file, not both',
    );
  });
});
