import { describe, expect, it } from 'vitest';
import type { CheckReport } from '#client/checks/run-checks.ts';
import { exitCodeOf, formatFailure, formatJson, formatJunit, formatText } from './check-report.ts';

const REPORT: CheckReport = {
  server: { name: 'demo', version: '1.0', protocolVersion: '2026-07-28', era: 'modern' },
  listed: { 'tools/list': 2 },
  calls: [
    { tool: 'echo', status: 'ok', arguments: {} },
    { tool: 'wipe', status: 'skipped', detail: 'may be destructive' },
  ],
  findings: [
    {
      level: 'error',
      rule: 'result-type',
      subject: 'tool echo',
      message: 'the result has no resultType <here> & "there"',
    },
    { level: 'warning', rule: 'cache-hints', subject: 'tools/list (page 2)', message: 'no ttlMs' },
  ],
};

describe('check reports', () => {
  it('exits 1 with an error-level finding and 0 without', () => {
    expect(exitCodeOf(REPORT)).toBe(1);
    expect(exitCodeOf({ ...REPORT, findings: REPORT.findings.slice(1) })).toBe(0);
  });

  it('prints a readable summary with each finding', () => {
    const text = formatText(REPORT);
    expect(text).toContain('demo 1.0: protocol 2026-07-28 (modern era)');
    expect(text).toContain('Called: 1 call (1 ok); 1 skipped as possibly destructive');
    expect(text).toMatch(/error\s+result-type\s+tool echo: the result has no resultType/);
    expect(text).toContain('1 error, 1 warning, 0 info');
  });

  it('gives JSON with counts and the exit code', () => {
    const json = JSON.parse(formatJson(REPORT)) as Record<string, unknown>;
    expect(json).toMatchObject({
      counts: { error: 1, warning: 1, info: 0 },
      exitCode: 1,
      listed: { 'tools/list': 2 },
    });
  });

  it('gives JUnit XML with one case per subject, failed by its errors, escaped', () => {
    const xml = formatJunit(REPORT);
    expect(xml).toContain('<testsuites name="toolscope check" tests="4" failures="1">');
    expect(xml).toContain('<testcase classname="toolscope.check" name="server"/>');
    expect(xml).toContain(
      '<failure type="result-type" message="the result has no resultType &lt;here&gt; &amp; &quot;there&quot;">',
    );
    expect(xml).toMatch(/name="tools\/list">\n\s+<system-out>warning cache-hints: no ttlMs<\/system-out>/);
    expect(xml).toContain('<testcase classname="toolscope.check" name="tool wipe"/>');
  });
});

describe('the text report', () => {
  it('shows control characters from the server as escapes, never raw', () => {
    const text = formatText({ ...REPORT, server: { ...REPORT.server, name: 'evil\u001b[2J' } });
    expect(text).not.toContain('\u001b');
    expect(text).toContain('evil\\u001b[2J');
  });

  it('says why a check could not run: a JSON report with exit code 2, or one line for people', () => {
    const json = JSON.parse(formatFailure('sign-in', 'the server asks for sign-in', true)) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({
      server: null,
      findings: [],
      counts: { error: 0, warning: 0, info: 0 },
      exitCode: 2,
      failure: { stage: 'sign-in', message: 'the server asks for sign-in' },
    });
    expect(formatFailure('connect', 'refused\u001b[2J', false)).toBe(
      'toolscope check: cannot connect: refused\\u001b[2J',
    );
    expect(formatFailure('usage', 'Give a target', false)).toBe('toolscope check: Give a target');
  });
});
