/**
 * `toolscope load` as users run it (the built CLI, a child process per run): the contract's run against
 * the built-in demo's `add`, server-everything over stdio and Streamable HTTP, failures by kind, the
 * --duration bound and the side-by-side run with --compare-direct. Figures are only checked for being
 * there and consistent: speed belongs in `npm run bench`. Needs `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import { everythingOverHttp, everythingStdio } from '../support/everything.ts';
import { ciServer, runHeadless } from '../support/run-headless.ts';
import { projectPath } from '../support/start-cli.ts';

const DEMO = [process.execPath, projectPath('lib/demo-server.js')];

interface Figures {
  calls: number;
  ok: number;
  errors: number;
  errorsByKind: Record<string, number>;
  cut: number;
  callsPerSecond: number;
  latencyMs: { p50: number; p90: number; p95: number; p99: number; max: number };
}
type LoadJson = Figures & { tool: string; direct?: Figures; failures: string[]; exitCode: number };

function consistent(figures: Figures): void {
  const { p50, p90, p95, p99, max } = figures.latencyMs;
  expect(p50).toBeGreaterThan(0);
  expect([p50, p90, p95, p99, max]).toEqual([...[p50, p90, p95, p99, max]].sort((a, b) => a - b));
  expect(figures.callsPerSecond).toBeGreaterThan(0);
}

describe('toolscope load', () => {
  it('runs the contract: 200 calls of add at concurrency 10, 0 errors, p50 and p99 (exit 0)', async () => {
    const args = ['--tool', 'add', '--args', '{"a":1,"b":2}', '--requests', '200', '--concurrency', '10'];
    const run = await runHeadless('load', [...args, '--json', '--', ...DEMO]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as LoadJson;
    expect(report).toMatchObject({ tool: 'add', calls: 200, ok: 200, errors: 0, exitCode: 0, failures: [] });
    consistent(report);
  }, 120_000);

  it('loads server-everything over stdio, and prints a table in text', async () => {
    const run = await runHeadless('load', [
      '--tool',
      'get-sum',
      '--args',
      '{"a":2,"b":3}',
      '--requests',
      '50',
      '--concurrency',
      '5',
      '--',
      ...everythingStdio(),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^mcp-servers\/everything .*: tool get-sum, concurrency 5, at most 50 calls$/m,
    );
    expect(run.stdout).toMatch(/^ {2}calls {5}50 \(50 ok\)/m);
    expect(run.stdout).toMatch(/^ {2}p99 {7}\d/m);
    expect(run.stdout).toMatch(/^Passed\.$/m);
  }, 120_000);

  describe('over Streamable HTTP', () => {
    const server = everythingOverHttp();

    it('loads server-everything, and straight to it with --compare-direct', async () => {
      const run = await runHeadless('load', [
        '--tool',
        'echo',
        '--args',
        '{"message":"hi"}',
        '--requests',
        '40',
        '--concurrency',
        '4',
        '--compare-direct',
        '--json',
        '--url',
        server.url,
      ]);
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as LoadJson;
      expect(report).toMatchObject({ calls: 40, errors: 0 });
      expect(report.direct).toMatchObject({ calls: 40, errors: 0 });
      consistent(report);
      consistent(report.direct!);
    }, 120_000);
  });

  it('counts failures by kind and exits 1, or 0 within --max-error-rate', async () => {
    const failing = await runHeadless('load', [
      '--tool',
      'fail',
      '--requests',
      '10',
      '--json',
      '--',
      ...ciServer(),
    ]);
    expect(failing.code).toBe(1);
    const report = JSON.parse(failing.stdout) as LoadJson;
    expect(report).toMatchObject({
      calls: 10,
      ok: 0,
      errors: 10,
      errorsByKind: { 'tool-error': 10 },
      exitCode: 1,
    });
    expect(report.failures).toEqual(['10 of 10 calls failed (100.0%; allowed: 0.0%, --max-error-rate)']);
    const badArgs = await runHeadless('load', [
      '--tool',
      'add',
      '--args',
      '{"a":"x"}',
      '--requests',
      '3',
      '--max-error-rate',
      '1',
      '--json',
      '--',
      ...ciServer(),
    ]);
    expect(badArgs.code).toBe(0);
    const kinds = (JSON.parse(badArgs.stdout) as LoadJson).errorsByKind;
    expect(Object.values(kinds).reduce((sum, n) => sum + n, 0)).toBe(3);
  }, 120_000);

  it('runs for --duration instead of a count', async () => {
    const run = await runHeadless('load', [
      '--tool',
      'add',
      '--args',
      '{"a":1,"b":1}',
      '--duration',
      '1',
      '--concurrency',
      '2',
      '--json',
      '--',
      ...ciServer(),
    ]);
    expect(run.code, run.stderr).toBe(0);
    // That no call starts after the deadline is proven with a scripted call in load-run.test.ts.
    const report = JSON.parse(run.stdout) as LoadJson & { plan: { durationS?: number; requests?: number } };
    expect(report.plan).toEqual({ concurrency: 2, durationS: 1 });
    expect(report.calls).toBeGreaterThan(0);
  }, 120_000);

  it('exits 2 with JSON for a tool the server does not list, a server that cannot start, and bad flags', async () => {
    const unknown = await runHeadless('load', ['--tool', 'nope', '--json', '--', ...ciServer()]);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout)).toMatchObject({
      exitCode: 2,
      error: expect.stringMatching(/lists no tool "nope" \(it lists add, current_time/),
    });
    const down = await runHeadless('load', [
      '--tool',
      'x',
      '--json',
      '--',
      process.execPath,
      '-e',
      'process.exit(3)',
    ]);
    expect(down.code).toBe(2);
    expect(JSON.parse(down.stdout)).toMatchObject({
      exitCode: 2,
      error: expect.stringMatching(/^cannot connect/),
    });
    const usage = await runHeadless('load', ['--requests', '0', '--json']);
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stdout).error).toMatch(/--requests must be a whole number from 1/);
  }, 120_000);
});
