import { describe, expect, it } from 'vitest';
import {
  declaresSkills,
  isInvalidEntry,
  pathInSkill,
  readSkillEntry,
  skillFolderOf,
  supportingFiles,
  type InvalidSkillEntry,
  type SkillEntry,
} from './skill-entry.ts';

const digest = (hex: string) => `sha256:${hex.repeat(64).slice(0, 64)}`;
const good = {
  uri: 'skill://acme/billing/refunds/SKILL.md',
  frontmatter: { name: 'refunds', description: 'Refund requests', license: 'MIT' },
  resources: [
    { uri: 'skill://acme/billing/refunds/SKILL.md', digest: digest('a'), size: 120 },
    { uri: 'skill://acme/billing/refunds/examples/email.md', digest: digest('b'), size: 40 },
  ],
};

function problemsOf(raw: unknown): string[] {
  const entry = readSkillEntry(raw);
  expect(isInvalidEntry(entry)).toBe(true);
  return (entry as InvalidSkillEntry).problems;
}

describe('readSkillEntry', () => {
  it('reads a complete entry: name, description, every file with digest and size', () => {
    const entry = readSkillEntry(good) as SkillEntry;
    expect(isInvalidEntry(entry)).toBe(false);
    expect(entry.name).toBe('refunds');
    expect(entry.frontmatter.license).toBe('MIT');
    expect(entry.notes).toEqual([]);
    expect(supportingFiles(entry).map((file) => pathInSkill(entry, file.uri))).toEqual(['examples/email.md']);
  });

  it('accepts "dynamic" and notes that nothing of it can be verified', () => {
    const entry = readSkillEntry({ ...good, resources: 'dynamic' }) as SkillEntry;
    expect(entry.resources).toBe('dynamic');
    expect(entry.notes).toEqual([
      { level: 'info', text: expect.stringMatching(/dynamic.*no file can be verified/) },
    ]);
    expect(supportingFiles(entry)).toEqual([]);
  });

  it('refuses an entry without resources, or with anything but a list or "dynamic"', () => {
    expect(problemsOf({ ...good, resources: undefined })).toEqual([
      'resources must be a list of files or "dynamic", got undefined',
    ]);
    expect(problemsOf({ ...good, resources: 'static' })[0]).toMatch(/got a string/);
  });

  it('refuses digests that are not sha256 hex, sizes that are not whole bytes, files listed twice', () => {
    const problems = problemsOf({
      ...good,
      resources: [
        { uri: good.uri, digest: 'sha256:ABC', size: 1 },
        { uri: 'skill://acme/billing/refunds/a.md', digest: digest('c'), size: -1 },
        { uri: 'skill://acme/billing/refunds/a.md', digest: digest('c'), size: 1.5 },
      ],
    });
    expect(problems).toEqual([
      expect.stringContaining('digest "sha256:ABC" is not sha256: and 64 lowercase hex digits'),
      expect.stringContaining('size -1 is not a whole number of bytes'),
      expect.stringContaining('size 1.5 is not a whole number of bytes'),
      expect.stringContaining('skill://acme/billing/refunds/a.md is listed twice'),
    ]);
  });

  it('refuses a manifest that lists a file outside the skill or leaves out its own SKILL.md', () => {
    expect(
      problemsOf({
        ...good,
        resources: [...good.resources, { uri: 'skill://acme/other/x.md', digest: digest('d'), size: 1 }],
      }),
    ).toEqual([
      'resources[2]: skill://acme/other/x.md lies outside the skill (skill://acme/billing/refunds/)',
    ]);
    expect(problemsOf({ ...good, resources: good.resources.slice(1) })).toEqual([
      "resources does not list the skill's own SKILL.md (skill://acme/billing/refunds/SKILL.md)",
    ]);
  });

  it('refuses an entry without a SKILL.md URI, a name or a description', () => {
    expect(problemsOf({ ...good, uri: 'skill://refunds/README.md' })).toContain(
      'uri skill://refunds/README.md does not end in /SKILL.md',
    );
    expect(problemsOf({ ...good, frontmatter: { name: 'refunds' } })).toContain(
      'frontmatter has no description',
    );
    expect(problemsOf('refunds')).toEqual(['an entry must be an object, got a string']);
  });

  it('notes a name that is not the last folder of the URI, or breaks the naming rule', () => {
    const entry = readSkillEntry({
      ...good,
      frontmatter: { name: 'Refunds--x', description: 'd' },
    }) as SkillEntry;
    expect(entry.notes).toEqual([
      { level: 'error', text: 'the URI\'s last folder "refunds" is not the skill\'s name "Refunds--x"' },
      {
        level: 'error',
        text: 'the name "Refunds--x" breaks the naming rule (1-64 lowercase letters, digits, single hyphens)',
      },
    ]);
  });

  it('notes a skill beyond the limits every host must accept (512 files, 16 MiB)', () => {
    const entry = readSkillEntry({
      ...good,
      resources: [{ uri: good.uri, digest: digest('a'), size: 17 * 1024 * 1024 }],
    }) as SkillEntry;
    expect(entry.notes).toEqual([
      {
        level: 'warning',
        text: `${17 * 1024 * 1024} bytes in all, more than the 16777216 every host must accept`,
      },
    ]);
  });
});

describe('skill URIs', () => {
  it('finds the skill name as the last folder of the SKILL.md URI', () => {
    expect(skillFolderOf('skill://acme/billing/refunds/SKILL.md')).toBe('refunds');
    expect(skillFolderOf('skill://git-workflow/SKILL.md')).toBe('git-workflow');
    expect(skillFolderOf('skill://git-workflow/README.md')).toBeUndefined();
  });
});

describe('declaresSkills', () => {
  it('is true only for a server that declares the extension', () => {
    expect(declaresSkills({ extensions: { 'io.modelcontextprotocol/skills': {} } })).toBe(true);
    expect(declaresSkills({ extensions: { 'io.modelcontextprotocol/tasks': {} } })).toBe(false);
    expect(declaresSkills({ resources: {} })).toBe(false);
    expect(declaresSkills(undefined)).toBe(false);
  });
});
