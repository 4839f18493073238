import { xml } from '../check/check-report.ts';
import type { RunRecord } from './eval-run.ts';

/** One run of a case, judged. */
export interface RunResult extends RunRecord {
  passed: boolean;
  /** Why it failed, one sentence each. */
  failures: string[];
}

/** A case and its runs. */
export interface CaseResult {
  name: string;
  prompt: string;
  /** Share of runs that must pass. */
  passRate: number;
  passes: number;
  passed: boolean;
  runs: RunResult[];
}

/** What `toolscope eval` reports. */
export interface EvalReport {
  suite: string;
  provider: { id: string; label: string };
  model: string;
  server: { name: string; version: string; protocolVersion: string };
  cases: CaseResult[];
}

/** Cases passed and failed. */
export function countCases(report: EvalReport): { cases: number; passed: number; failed: number } {
  const passed = report.cases.filter((entry) => entry.passed).length;
  return { cases: report.cases.length, passed, failed: report.cases.length - passed };
}

/** 1 when a case failed, else 0. */
export function evalExitCode(report: EvalReport): 0 | 1 {
  return countCases(report).failed ? 1 : 0;
}

/** Calls the eval did not run (not allowed, invalid), by case and run: reported besides the verdicts. */
export function refusedCalls(
  report: EvalReport,
): { case: string; run: number; tool: string; reason: string }[] {
  return report.cases.flatMap((entry) =>
    entry.runs.flatMap((run, index) =>
      run.calls
        .filter((call) => !call.ran)
        .map((call) => ({ case: entry.name, run: index + 1, tool: call.tool, reason: call.refused ?? '' })),
    ),
  );
}

export function formatEvalJson(report: EvalReport): string {
  return JSON.stringify(
    {
      ...report,
      refusedCalls: refusedCalls(report),
      counts: countCases(report),
      exitCode: evalExitCode(report),
    },
    null,
    2,
  );
}

/** The results as people read them: PASS or FAIL per case with its runs, then why each failed run failed. */
export function formatEvalText(report: EvalReport): string {
  const lines = [
    `${report.server.name} ${report.server.version}: suite ${report.suite}, model ${report.model} (${report.provider.label})`,
    '',
  ];
  for (const entry of report.cases) {
    const share = `${entry.passes}/${entry.runs.length} runs passed${entry.passRate < 1 ? `, ${percent(entry.passRate)} needed` : ''}`;
    lines.push(`${entry.passed ? 'PASS' : 'FAIL'}  ${entry.name} (${share})`);
    entry.runs.forEach((run, index) => {
      const label = entry.runs.length > 1 ? `run ${index + 1}: ` : '';
      const problems = [...run.failures, ...(run.error ? [run.error] : [])];
      if (!run.passed && problems.length) lines.push(`        ${label}${problems.join('; ')}`);
      for (const call of run.calls.filter((made) => !made.ran))
        lines.push(`        ${label}${call.tool} was not run: ${call.refused}`);
    });
  }
  const counts = countCases(report);
  lines.push('', `${counts.passed} of ${counts.cases} case${counts.cases === 1 ? '' : 's'} passed.`);
  return lines.map(printable).join('\n');
}

/** JUnit XML for CI: a test case per eval case, failed with the reasons of its failed runs. */
export function formatEvalJunit(report: EvalReport): string {
  const counts = countCases(report);
  const cases = report.cases.map((entry) => {
    const name = `<testcase classname="toolscope.eval" name="${xml(entry.name)}"`;
    if (entry.passed) return `    ${name}/>`;
    const reasons = entry.runs
      .map((run, index) =>
        run.passed
          ? ''
          : `run ${index + 1}: ${[...run.failures, ...(run.error ? [run.error] : [])].join('; ')}`,
      )
      .filter(Boolean)
      .join('\n');
    const message = `${entry.passes} of ${entry.runs.length} runs passed (${percent(entry.passRate)} needed)`;
    return `    ${name}>\n      <failure type="eval" message="${xml(message)}">${xml(reasons)}</failure>\n    </testcase>`;
  });
  const suite = `${report.suite} (${report.model})`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolscope eval" tests="${counts.cases}" failures="${counts.failed}">`,
    `  <testsuite name="${xml(suite)}" tests="${counts.cases}" failures="${counts.failed}" errors="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** A line with control characters shown as \u escapes: a terminal must not obey a model's or server's text. */
function printable(line: string): string {
  return line.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
