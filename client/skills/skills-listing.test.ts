import { describe, expect, it } from 'vitest';
import { listAllSkills, MAX_SKILL_PAGES, readSkillsPage } from './skills-listing.ts';

const entry = (name: string) => ({
  uri: `skill://${name}/SKILL.md`,
  frontmatter: { name, description: `The ${name} skill` },
  resources: [{ uri: `skill://${name}/SKILL.md`, digest: `sha256:${'0'.repeat(64)}`, size: 10 }],
});

describe('readSkillsPage', () => {
  it('keeps valid entries and sets invalid ones aside with their place and reasons', () => {
    const page = readSkillsPage(
      { skills: [entry('a'), { uri: 'skill://b/SKILL.md' }, entry('c')], nextCursor: 'n' },
      10,
    );
    expect(page.skills.map((skill) => skill.name)).toEqual(['a', 'c']);
    expect(page.invalid).toMatchObject([
      {
        index: 11,
        uri: 'skill://b/SKILL.md',
        problems: [expect.stringMatching(/frontmatter/), expect.anything()],
      },
    ]);
    expect(page.nextCursor).toBe('n');
  });

  it('reports a result without a skills list, and a cursor that is not a string', () => {
    expect(readSkillsPage({ nextCursor: 3 }).problems).toEqual([
      'the result has no skills list',
      'nextCursor 3 is not a string',
    ]);
  });
});

describe('listAllSkills', () => {
  it('follows cursors page after page', async () => {
    const asked: (string | undefined)[] = [];
    const pages: Record<string, Record<string, unknown>> = {
      first: { skills: [entry('a'), entry('b')], nextCursor: '2' },
      '2': { skills: [entry('c')] },
    };
    const { pages: read, stopped } = await listAllSkills(async (cursor) => {
      asked.push(cursor);
      return pages[cursor ?? 'first']!;
    });
    expect(asked).toEqual([undefined, '2']);
    expect(read.flatMap((page) => page.skills.map((skill) => skill.name))).toEqual(['a', 'b', 'c']);
    expect(stopped).toBeUndefined();
  });

  it('stops at a cursor given twice, and after the page limit', async () => {
    expect(
      (await listAllSkills(async (cursor) => ({ skills: [], nextCursor: cursor === 'x' ? 'y' : 'x' })))
        .stopped,
    ).toBe('repeated-cursor');
    let n = 0;
    const endless = await listAllSkills(async () => ({ skills: [], nextCursor: String(n++) }));
    expect(endless).toMatchObject({ stopped: 'too-many-pages' });
    expect(endless.pages).toHaveLength(MAX_SKILL_PAGES);
  });
});
