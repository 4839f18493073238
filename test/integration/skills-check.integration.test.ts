/**
 * `toolscope check` (the built CLI) against the Skills fixture over stdio in the 2026-07-28 era: every
 * skill verified, each tampered one reported by the check it fails, and `--skills list` reading no
 * skill file at all. Needs `npm run build` first.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../support/start-cli.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-skills-check-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface JsonReport {
  listed: Record<string, number>;
  findings: { level: string; rule: string; subject: string; message: string }[];
  exitCode: number;
}

/** Runs `toolscope check --era modern --json <flags>` on the fixture; resolves with its exit code, report and reads. */
function check(
  flags: string[],
  name: string,
): Promise<{ code: number; report: JsonReport; reads: string[] }> {
  const log = path.join(folder, `${name}.log`);
  const server = [process.execPath, '--import', 'tsx', projectPath('test/fixtures/skills-server.ts'), log];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [projectPath('bin/toolscope.js'), 'check', '--era', 'modern', '--json', ...flags, '--', ...server],
      { cwd: projectPath(), timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        const reads = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
        resolve({ code, report: JSON.parse(stdout) as JsonReport, reads });
      },
    );
  });
}

describe('toolscope check on a server with skills', () => {
  it('exits 1 with an error naming each skill whose file does not match its entry, and the check', async () => {
    const { code, report, reads } = await check([], 'verify');
    expect(code).toBe(1);
    expect(report.listed['skills/list']).toBe(7);
    const errors = report.findings.filter((finding) => finding.level === 'error');
    const bySkill = Object.fromEntries(
      errors.map((finding) => [finding.subject.split(' ')[1], finding.message]),
    );
    expect(bySkill['tampered-digest']).toMatch(
      /^SKILL\.md digest mismatch: expected sha256:\w{64}, got sha256:\w{64}/,
    );
    expect(bySkill['tampered-size']).toMatch(/^SKILL\.md size mismatch: expected 96 bytes, got 106 bytes/);
    expect(bySkill['tampered-frontmatter']).toMatch(/^SKILL\.md frontmatter mismatch: description: expected/);
    expect(bySkill['stale-reference']).toMatch(/^GUIDE\.md size mismatch/);
    // Nothing else is wrong: the pages carry resultType and cache hints as 2026-07-28 wants.
    expect(errors.every((finding) => finding.rule === 'skill')).toBe(true);
    expect(errors).toHaveLength(4);
    // A refused skill's other files are never read; a good skill's each once.
    expect(reads.filter((uri) => uri.startsWith('skill://tampered-digest/'))).toEqual([
      'skill://tampered-digest/SKILL.md',
    ]);
    expect(reads.filter((uri) => uri.startsWith('skill://pdf-processing/'))).toHaveLength(3);
  }, 120_000);

  it('with --skills list, lists every skill and reads no file', async () => {
    const { code, report, reads } = await check(['--skills', 'list'], 'list');
    expect(code).toBe(0);
    expect(report.listed['skills/list']).toBe(7);
    expect(reads).toEqual([]);
  }, 120_000);
});
