import { countFindings, type CheckReport, type Finding } from '#client/checks/run-checks.ts';

/** The report as people read it: a heading, what was listed and called, then each finding. */
export function formatText(report: CheckReport): string {
  const { server, listed, calls, findings } = report;
  const lines = [`${server.name} ${server.version}: protocol ${server.protocolVersion} (${server.era} era)`];
  const lists = Object.entries(listed).map(([method, count]) => `${count} ${method.replace('/list', '')}`);
  lines.push(`Listed: ${lists.length ? lists.join(', ') : 'nothing (no lists offered)'}`);
  const made = calls.filter((call) => call.status !== 'skipped');
  const byStatus = new Map<string, number>();
  for (const call of made) byStatus.set(call.status, (byStatus.get(call.status) ?? 0) + 1);
  const skipped = calls.length - made.length;
  lines.push(
    `Called: ${made.length} call${made.length === 1 ? '' : 's'}` +
      (made.length ? ` (${[...byStatus].map(([status, n]) => `${n} ${status}`).join(', ')})` : '') +
      (skipped ? `; ${skipped} skipped as possibly destructive (--all calls them)` : ''),
  );
  lines.push('');
  if (!findings.length) lines.push('No findings.');
  const ruleWidth = Math.max(4, ...findings.map((finding) => finding.rule.length));
  for (const finding of findings)
    lines.push(
      `${finding.level.padEnd(7)}  ${finding.rule.padEnd(ruleWidth)}  ${finding.subject}: ${finding.message}`,
    );
  const counts = countFindings(findings);
  lines.push(
    '',
    `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.info} info`,
  );
  return lines.map(printable).join('\n');
}

/** A line with the server's control characters shown as \u escapes: a terminal must not obey them. */
function printable(line: string): string {
  return line.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The report as JSON, with counts and the exit code it leads to. */
export function formatJson(report: CheckReport): string {
  return JSON.stringify(
    { ...report, counts: countFindings(report.findings), exitCode: exitCodeOf(report) },
    null,
    2,
  );
}

/** Why a check ended before it could check anything (exit 2). */
export type CheckFailureStage = 'usage' | 'connect' | 'sign-in';

/**
 * A check that could not run (bad usage, a server that cannot be reached, a sign-in that failed)
 * as people read it (one line, for stderr) or, with `json`, as a JSON report for stdout: the same
 * keys as a full report (nothing listed, called or found), `exitCode` 2 and the reason.
 */
export function formatFailure(stage: CheckFailureStage, message: string, json: boolean): string {
  if (!json) return printable(`toolscope check: ${stage === 'usage' ? '' : 'cannot connect: '}${message}`);
  const counts = countFindings([]);
  return JSON.stringify(
    { server: null, listed: {}, calls: [], findings: [], counts, exitCode: 2, failure: { stage, message } },
    null,
    2,
  );
}

/**
 * The report as JUnit XML for CI: one test case per subject (each tool, each list, the server),
 * failed by its error-level findings; warnings and info go to the case's system-out.
 */
export function formatJunit(report: CheckReport): string {
  const subjects = new Map<string, Finding[]>();
  subjects.set('server', []);
  for (const method of Object.keys(report.listed)) subjects.set(method, []);
  for (const call of report.calls) subjects.set(`tool ${call.tool}`, []);
  for (const finding of report.findings) {
    const key = finding.subject.replace(/ \(page \d+\)$/, '');
    subjects.set(key, [...(subjects.get(key) ?? []), finding]);
  }
  const cases: string[] = [];
  let failures = 0;
  for (const [subject, findings] of subjects) {
    const errors = findings.filter((finding) => finding.level === 'error');
    const others = findings.filter((finding) => finding.level !== 'error');
    if (errors.length) failures++;
    const body = [
      ...errors.map(
        (finding) =>
          `      <failure type="${xml(finding.rule)}" message="${xml(finding.message)}">${xml(`${finding.rule}: ${finding.message}`)}</failure>`,
      ),
      ...(others.length
        ? [
            `      <system-out>${xml(others.map((f) => `${f.level} ${f.rule}: ${f.message}`).join('\n'))}</system-out>`,
          ]
        : []),
    ];
    cases.push(
      body.length
        ? `    <testcase classname="toolscope.check" name="${xml(subject)}">\n${body.join('\n')}\n    </testcase>`
        : `    <testcase classname="toolscope.check" name="${xml(subject)}"/>`,
    );
  }
  const name = `${report.server.name} ${report.server.version} (${report.server.protocolVersion})`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolscope check" tests="${subjects.size}" failures="${failures}">`,
    `  <testsuite name="${xml(name)}" tests="${subjects.size}" failures="${failures}" errors="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** 1 with an error-level finding, else 0. */
export function exitCodeOf(report: CheckReport): 0 | 1 {
  return report.findings.some((finding) => finding.level === 'error') ? 1 : 0;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Text safe inside an XML attribute or element (control characters XML forbids are dropped). */
export function xml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}
