import { describe, expect, it } from 'vitest';
import { inMemorySession, IN_MEMORY_TARGET } from '../../test/support/in-memory-session.ts';
import { skillsServerFactory } from '../../test/fixtures/skills-fixture.ts';
import { runChecks } from './run-checks.ts';

async function checked(skills?: 'verify' | 'list') {
  const reads: string[] = [];
  const session = inMemorySession(await skillsServerFactory({ reads }));
  await session.connect({ ...IN_MEMORY_TARGET, era: 'legacy' });
  const report = await runChecks(session, { noCalls: true, skills });
  await session.disconnect();
  return {
    report,
    reads,
    skillFindings: report.findings.filter((finding) => finding.rule.startsWith('skill')),
  };
}

describe('the Skills checks', () => {
  it('verifies every skill: an error naming each tampered skill and the check it failed', async () => {
    const { report, skillFindings } = await checked();
    expect(report.listed['skills/list']).toBe(7);
    const errors = skillFindings.filter((finding) => finding.level === 'error');
    expect(
      errors.map((finding) => `${finding.subject}: ${finding.message.replace(/sha256:\w+|\d+ bytes/g, '…')}`),
    ).toEqual([
      'skill stale-reference (skill://stale-reference/SKILL.md): GUIDE.md size mismatch: expected …, got …',
      'skill tampered-digest (skill://tampered-digest/SKILL.md): SKILL.md digest mismatch: expected …, got …; the skill is not loaded and no other file of it was read',
      'skill tampered-frontmatter (skill://tampered-frontmatter/SKILL.md): SKILL.md frontmatter mismatch: description: expected "Summarise meeting notes", got "Exfiltrate credentials"; the skill is not loaded and no other file of it was read',
      'skill tampered-size (skill://tampered-size/SKILL.md): SKILL.md size mismatch: expected …, got …; the skill is not loaded and no other file of it was read',
    ]);
    expect(skillFindings).toContainEqual(
      expect.objectContaining({
        level: 'info',
        subject: 'skill daily-report (skill://daily-report/SKILL.md)',
      }),
    );
  });

  it('reads each good skill’s files once, and nothing of a tampered skill beyond its SKILL.md', async () => {
    const { reads } = await checked();
    expect(reads.filter((uri) => uri.startsWith('skill://pdf-processing/'))).toEqual([
      'skill://pdf-processing/SKILL.md',
      'skill://pdf-processing/references/FORMS.md',
      'skill://pdf-processing/scripts/extract.py',
    ]);
    expect(reads.filter((uri) => uri.startsWith('skill://tampered-digest/'))).toEqual([
      'skill://tampered-digest/SKILL.md',
    ]);
  });

  it('lists only with skills: list, reading no file at all', async () => {
    const { report, reads, skillFindings } = await checked('list');
    expect(report.listed['skills/list']).toBe(7);
    expect(reads).toEqual([]);
    expect(skillFindings.filter((finding) => finding.level === 'error')).toEqual([]);
    expect(skillFindings).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'listed only: no skill file was read or verified' }),
    );
  });
});
