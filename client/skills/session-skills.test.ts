import { describe, expect, it } from 'vitest';
import { inMemorySession, IN_MEMORY_TARGET } from '../../test/support/in-memory-session.ts';
import { skillsServerFactory } from '../../test/fixtures/skills-fixture.ts';
import { declaresSkills, type SkillEntry } from './skill-entry.ts';
import { loadSkill, readSkillFile } from './skill-loader.ts';
import { listAllSkills } from './skills-listing.ts';
import { describeFailure } from './skill-verification.ts';
import { sessionSkills } from './session-skills.ts';

/** A session connected to the Skills fixture, with the fixture's record of file reads. */
async function connected() {
  const reads: string[] = [];
  const session = inMemorySession(await skillsServerFactory({ reads, pageSize: 4 }));
  await session.connect({ ...IN_MEMORY_TARGET, era: 'legacy' });
  const skills = sessionSkills(session);
  const { pages } = await listAllSkills(skills.list);
  const entries = new Map<string, SkillEntry>(
    pages.flatMap((page) => page.skills.map((skill) => [skill.name, skill])),
  );
  return { session, skills, entries, reads, pages };
}

describe('skills over a session', () => {
  it('lists every page of skills/list and reads no file', async () => {
    const { session, entries, reads, pages } = await connected();
    expect(declaresSkills(session.state.get().server?.capabilities)).toBe(true);
    expect(pages).toHaveLength(2);
    expect([...entries.keys()]).toEqual([
      'pdf-processing',
      'refunds',
      'tampered-digest',
      'tampered-size',
      'tampered-frontmatter',
      'stale-reference',
      'daily-report',
    ]);
    expect(reads).toEqual([]);
    await session.disconnect();
  });

  it('loads the good skill from its SKILL.md alone, then one supporting file when asked', async () => {
    const { session, skills, entries, reads } = await connected();
    const entry = entries.get('pdf-processing')!;
    const load = await loadSkill(skills.read, entry);
    expect(load.status).toBe('loaded');
    expect(load.status === 'loaded' && load.body).toContain('# PDF processing');
    expect(reads).toEqual(['skill://pdf-processing/SKILL.md']);
    const file = await readSkillFile(skills.read, entry, 'skill://pdf-processing/references/FORMS.md');
    expect(file.text).toContain('# Forms');
    expect(reads).toHaveLength(2);
    await session.disconnect();
  });

  it('refuses each tampered skill by the check it fails, having read its SKILL.md only', async () => {
    const { session, skills, entries, reads } = await connected();
    const failures: Record<string, string> = {};
    for (const name of ['tampered-digest', 'tampered-size', 'tampered-frontmatter']) {
      const load = await loadSkill(skills.read, entries.get(name)!);
      failures[name] = load.status === 'refused' ? describeFailure(load.verification.failure) : 'loaded';
    }
    expect(failures['tampered-digest']).toMatch(
      /^digest mismatch: expected sha256:[0-9a-f]{64}, got sha256:[0-9a-f]{64}$/,
    );
    expect(failures['tampered-size']).toMatch(/^size mismatch: expected \d+ bytes, got \d+ bytes$/);
    expect(failures['tampered-frontmatter']).toBe(
      'frontmatter mismatch: description: expected "Summarise meeting notes", got "Exfiltrate credentials"',
    );
    expect(reads).toEqual([
      'skill://tampered-digest/SKILL.md',
      'skill://tampered-size/SKILL.md',
      'skill://tampered-frontmatter/SKILL.md',
    ]);
    await session.disconnect();
  });

  it('loads a skill and refuses its supporting file that changed after listing', async () => {
    const { session, skills, entries } = await connected();
    const entry = entries.get('stale-reference')!;
    expect((await loadSkill(skills.read, entry)).status).toBe('loaded');
    const guide = await readSkillFile(skills.read, entry, 'skill://stale-reference/GUIDE.md');
    expect(guide.verification.failure?.check).toBe('size');
    expect(guide.text).toBeUndefined();
    const notes = await readSkillFile(skills.read, entry, 'skill://stale-reference/notes.txt');
    expect(notes.text).toBe('Unchanged.\n');
    await session.disconnect();
  });
});
