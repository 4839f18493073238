/**
 * `toolscope check` as users run it (the built CLI, a child process per run) against real servers:
 * server-everything over stdio and Streamable HTTP, the demo under 2026-07-28, a server with known
 * defects, and an address nobody answers on. Needs `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { everythingArgsFile, everythingOverHttp, everythingStdio } from '../support/everything.ts';
import { freePort } from '../support/free-port.ts';
import { runHeadless } from '../support/run-headless.ts';
import { projectPath } from '../support/start-cli.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-check-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const argsFile = everythingArgsFile(folder);

/** Runs `toolscope check <args>` to its end. */
const check = (args: string[]) => runHeadless('check', args);

interface JsonReport {
  server: { name: string; protocolVersion: string; era: string };
  listed: Record<string, number>;
  calls: { tool: string; status: string }[];
  findings: { level: string; rule: string; subject: string; message: string }[];
  exitCode: number;
}

describe('toolscope check', () => {
  it('checks server-everything over stdio: lists, calls the safe tools, exits 0, writes JUnit', async () => {
    const junit = path.join(folder, 'everything.xml');
    const run = await check([
      '--json',
      '--junit',
      junit,
      '--args-file',
      argsFile,
      '--',
      ...everythingStdio(),
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.server.name).toMatch(/everything/);
    expect(report.listed['tools/list']).toBeGreaterThan(5);
    expect(report.listed['prompts/list']).toBeGreaterThan(0);
    expect(report.calls.filter((call) => call.status === 'ok').length).toBeGreaterThan(5);
    expect(report.findings.filter((finding) => finding.level === 'error')).toEqual([]);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="toolscope check" tests="\d+" failures="0">/);
    expect(xml).toContain('name="tools/list"');
  }, 120_000);

  describe('over Streamable HTTP', () => {
    const server = everythingOverHttp();

    it('checks server-everything and exits 0', async () => {
      const run = await check(['--url', server.url, '--json', '--args-file', argsFile]);
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as JsonReport;
      expect(report.listed['tools/list']).toBeGreaterThan(5);
      expect(report.calls.some((call) => call.status === 'ok')).toBe(true);
    }, 120_000);
  });

  it('checks the demo under 2026-07-28 and reports its deliberate defect (exit 1)', async () => {
    const junit = path.join(folder, 'demo.xml');
    const demo = [process.execPath, projectPath('lib/demo-server.js')];
    const run = await check(['--era', 'modern', '--json', '--junit', junit, '--', ...demo]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.server).toMatchObject({ protocolVersion: '2026-07-28', era: 'modern' });
    const errors = report.findings.filter((finding) => finding.level === 'error');
    expect(errors.map((finding) => `${finding.rule} ${finding.subject}`)).toContain(
      'structured-content tool bad_structured_output',
    );
    // The demo follows 2026-07-28 otherwise: every result typed, every list with cache hints.
    expect(errors.filter((finding) => finding.rule !== 'structured-content')).toEqual([]);
    // delete_everything is destructive: not called without --all.
    expect(report.calls.find((call) => call.tool === 'delete_everything')?.status).toBe('skipped');
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testcase classname="toolscope.check" name="tool bad_structured_output">\n\s+<failure type="structured-content"/,
    );
  }, 120_000);

  it('reports the known defects of a hostile server and exits 1', async () => {
    const junit = path.join(folder, 'hostile.xml');
    const server = [
      process.execPath,
      '--import',
      'tsx',
      projectPath('test/fixtures/hostile-tools-server.ts'),
    ];
    const text = await check(['--', ...server]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/error\s+duplicate-name\s+tool dup/);
    const run = await check(['--json', '--junit', junit, '--', ...server]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    const found = new Set(
      report.findings.map((finding) => `${finding.level} ${finding.rule} ${finding.subject}`),
    );
    expect([...found]).toEqual(
      expect.arrayContaining([
        'error duplicate-name tool dup',
        'error icons tool html_in_description',
        'error icons tool dup',
        'error tool-name tool 42',
        'error annotations tool weird_annotations',
        'warning annotations tool contradictory_hints',
      ]),
    );
    expect(report.exitCode).toBe(1);
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/failures="[1-9]\d*"/);
    expect(xml).toContain('<failure type="duplicate-name"');
    // Markup from the server is escaped in the XML.
    expect(xml).not.toContain('<script>');
  }, 120_000);

  it('exits 2 when nothing answers at the URL', async () => {
    const port = await freePort();
    const run = await check(['--url', `http://127.0.0.1:${port}/mcp`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/toolscope check: cannot connect/);
  }, 120_000);

  it('exits 2 on bad usage', async () => {
    expect((await check(['--port', '1'])).code).toBe(2);
    const noTarget = await check([]);
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toMatch(/Give a target/);
    const badFile = await check(['--args-file', path.join(folder, 'missing.json'), '--', 'node']);
    expect(badFile.code).toBe(2);
  }, 60_000);
});
