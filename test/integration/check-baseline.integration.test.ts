/**
 * `toolscope check --save-baseline` / `--baseline` as users run them (the built CLI, a child process per
 * run): against the CI fixture, whose `current_time` answers differently on every call and whose `greet`
 * answers differently when started `changed`, and against server-everything. Needs `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { everythingArgsFile, everythingStdio } from '../support/everything.ts';
import { ciServer, runHeadless } from '../support/run-headless.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-baseline-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface BaselineJson {
  findings: { level: string; rule: string; subject: string; message: string }[];
  baseline: {
    mode: string;
    unchanged: number;
    changed: { tool: string; changes: { path: string; before?: string; after?: string }[] }[];
  };
  exitCode: number;
}

describe('check with a baseline', () => {
  const file = path.join(folder, 'ci.json');

  it('saves the calls and their answers, marking the time and the id as volatile (exit 0)', async () => {
    const run = await runHeadless('check', ['--save-baseline', file, '--', ...ciServer()]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Baseline saved to .*ci\.json: 6 calls, 4 volatile places/);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      format: string;
      calls: { tool: string; volatile?: string[] }[];
    };
    expect(saved.format).toBe('toolscope-baseline');
    expect(saved.calls.find((call) => call.tool === 'current_time')?.volatile).toEqual([
      '/content/0/text',
      '/structuredContent/now',
      '/structuredContent/requestId',
    ]);
    // A clock read to the second too: its two calls are more than a second apart.
    expect(saved.calls.find((call) => call.tool === 'wall_clock')?.volatile).toEqual(['/content/0/text']);
    // Destructive tools are not called without --all, so they are not in the baseline.
    expect(saved.calls.map((call) => call.tool)).not.toContain('delete_note');
  }, 120_000);

  it('passes on the same server although a tool answers with the current time', async () => {
    const run = await runHeadless('check', ['--baseline', file, '--', ...ciServer()]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Baseline .*: 6 calls, 6 unchanged, 0 changed or gone\./);
  }, 120_000);

  it('fails when the server changed an answer, naming the tool, the path and both values in text, JSON and JUnit', async () => {
    const text = await runHeadless('check', ['--baseline', file, '--', ...ciServer(true)]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      'error    baseline  tool greet: answer changed at /content/0/text: "Hello, Ada!" → "Hi there, Ada." (arguments {"name":"Ada"})',
    );
    const junit = path.join(folder, 'changed.xml');
    const run = await runHeadless('check', [
      '--json',
      '--junit',
      junit,
      '--baseline',
      file,
      '--',
      ...ciServer(true),
    ]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as BaselineJson;
    expect(report.exitCode).toBe(1);
    expect(report.findings.filter((finding) => finding.level === 'error').map((f) => f.subject)).toEqual([
      'tool greet',
    ]);
    expect(report.baseline).toMatchObject({ mode: 'compare', unchanged: 5 });
    expect(report.baseline.changed).toEqual([
      {
        tool: 'greet',
        arguments: { name: 'Ada' },
        changes: [
          { path: '/content/0/text', kind: 'changed', before: '"Hello, Ada!"', after: '"Hi there, Ada."' },
        ],
      },
    ]);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testcase classname="toolscope.check" name="tool greet">\n\s+<failure type="baseline" message="answer changed at \/content\/0\/text: &quot;Hello, Ada!&quot; → &quot;Hi there, Ada.&quot;/,
    );
  }, 120_000);

  it('passes the changed server when --ignore leaves that place out', async () => {
    const run = await runHeadless('check', [
      '--baseline',
      file,
      '--ignore',
      '/content/*/text',
      '--',
      ...ciServer(true),
    ]);
    expect(run.code, run.stdout).toBe(0);
  }, 120_000);

  it('reports a tool the baseline calls that is gone', async () => {
    const edited = JSON.parse(readFileSync(file, 'utf8')) as { calls: { tool: string }[] };
    edited.calls[0]!.tool = 'renamed_away';
    const gone = path.join(folder, 'gone.json');
    writeFileSync(gone, JSON.stringify(edited));
    const run = await runHeadless('check', ['--baseline', gone, '--', ...ciServer()]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /error\s+baseline\s+tool renamed_away: the baseline calls this tool, but the server no longer lists it/,
    );
  }, 120_000);
});

describe('check with a session file as the baseline', () => {
  const call = (id: number, tool: string, args: unknown, text: string, structuredContent?: unknown) => ({
    id,
    tool,
    server: 'ci fixture',
    args,
    startedAt: 1_764_000_000_000 + id,
    outcome: {
      status: 'ok',
      // As a 2025-11-25 connection recorded it: no resultType, no _meta (the envelope is not compared).
      result: { content: [{ type: 'text', text }], ...(structuredContent ? { structuredContent } : {}) },
      durationMs: 3,
    },
  });
  const session = {
    format: 'toolscope-session',
    version: 1,
    exportedAt: '2026-11-28T10:00:00.000Z',
    redacted: true,
    target: null,
    server: {
      info: { name: 'ci-fixture', version: '1.0.0' },
      protocolVersion: '2026-07-28',
      capabilities: {},
    },
    tools: [{ name: 'greet' }, { name: 'current_time' }],
    frames: [],
    calls: [
      call(1, 'greet', { name: 'Grace' }, 'Hello, Grace!'),
      // Recorded once: today's two answers tell that it is volatile.
      call(2, 'current_time', {}, '{"now":"2026-11-28T09:59:00.000Z","requestId":"r1"}', {
        now: '2026-11-28T09:59:00.000Z',
        requestId: 'r1',
      }),
      {
        id: 3,
        tool: 'greet',
        args: { name: 'Denied' },
        startedAt: 1,
        outcome: { status: 'denied', durationMs: 0 },
      },
    ],
    log: [],
  };
  const file = path.join(folder, 'session.json');

  it("replays the session's answered calls and passes on the same server", async () => {
    writeFileSync(file, JSON.stringify(session));
    const run = await runHeadless('check', ['--json', '--baseline', file, '--', ...ciServer()]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as BaselineJson & { calls: { tool: string; arguments: unknown }[] };
    expect(report.calls.map((made) => [made.tool, made.arguments])).toEqual([
      ['current_time', {}],
      ['greet', { name: 'Grace' }],
    ]);
    expect(report.baseline.unchanged).toBe(2);
  }, 120_000);

  it('fails on the changed server, naming greet', async () => {
    const run = await runHeadless('check', ['--baseline', file, '--', ...ciServer(true)]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /error\s+baseline\s+tool greet: answer changed at \/content\/0\/text: "Hello, Grace!" → "Hi there, Grace\."/,
    );
  }, 120_000);

  it('refuses a file that is neither, or a malformed session file, with exit 2 and the path of the problem', async () => {
    const bad = path.join(folder, 'bad.json');
    writeFileSync(bad, '{"format":"something-else"}');
    const run = await runHeadless('check', ['--baseline', bad, '--', ...ciServer()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is neither a Toolscope baseline nor a session file/);
    const malformed = path.join(folder, 'malformed.json');
    writeFileSync(malformed, JSON.stringify({ ...session, calls: [{ id: 1, tool: 7 }] }));
    const again = await runHeadless('check', ['--baseline', malformed, '--', ...ciServer()]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/malformed session file: calls\[0\]\.tool: expected a string, got 7/);
  }, 120_000);
});

describe('a baseline of server-everything', () => {
  it('saves and passes against the same server (its changing answers are volatile)', async () => {
    const file = path.join(folder, 'everything.json');
    // The baseline keeps the arguments it was saved with, so the comparison replays the short operation too.
    const saved = await runHeadless('check', [
      '--save-baseline',
      file,
      '--args-file',
      everythingArgsFile(folder),
      '--',
      ...everythingStdio(),
    ]);
    expect(saved.code, saved.stdout + saved.stderr).toBe(0);
    const compared = await runHeadless('check', ['--json', '--baseline', file, '--', ...everythingStdio()]);
    expect(compared.code, compared.stdout).toBe(0);
    const report = JSON.parse(compared.stdout) as BaselineJson;
    expect(report.baseline.unchanged).toBeGreaterThan(5);
    expect(report.baseline.changed).toEqual([]);
  }, 180_000);
});
