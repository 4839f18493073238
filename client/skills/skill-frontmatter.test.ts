import { describe, expect, it } from 'vitest';
import { compareFrontmatter, describeDifference, readFrontmatter, sameValue } from './skill-frontmatter.ts';

describe('readFrontmatter', () => {
  it('splits the YAML block from the body and parses it', () => {
    const read = readFrontmatter(
      '---\nname: pdf\ndescription: "Fill: forms"\nmetadata:\n  version: "2.1"\n  n: 3\n---\n\n# Body\n',
    );
    expect(read).toEqual({
      ok: true,
      frontmatter: { name: 'pdf', description: 'Fill: forms', metadata: { version: '2.1', n: 3 } },
      body: '\n# Body\n',
    });
  });

  it('takes a byte order mark and CRLF line ends', () => {
    const read = readFrontmatter('\uFEFF---\r\nname: pdf\r\ndescription: d\r\n---\r\nBody');
    expect(read.ok && read.frontmatter).toEqual({ name: 'pdf', description: 'd' });
  });

  it('reads YAML 1.2 core types: a date stays a string, yes stays a string, 1.0 is a number', () => {
    const read = readFrontmatter('---\nname: x\ndate: 2026-09-13\nflag: yes\nversion: 1.0\n---\n');
    expect(read.ok && read.frontmatter).toEqual({ name: 'x', date: '2026-09-13', flag: 'yes', version: 1 });
  });

  it('says why a file has no frontmatter to compare', () => {
    expect(readFrontmatter('# Just markdown')).toEqual({
      ok: false,
      problem: 'the file does not begin with a --- frontmatter block',
    });
    expect(readFrontmatter('---\nname: x\n')).toEqual({
      ok: false,
      problem: 'the frontmatter block has no closing --- line',
    });
    expect(readFrontmatter('---\n- a\n- b\n---\n')).toEqual({
      ok: false,
      problem: 'the frontmatter is not a mapping of fields',
    });
    const broken = readFrontmatter('---\nname: [unclosed\n---\n');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.problem).toMatch(/^the frontmatter is not valid YAML: /);
    const twice = readFrontmatter('---\nname: a\nname: b\n---\n');
    expect(!twice.ok && twice.problem).toMatch(/not valid YAML.*[Uu]nique|not valid YAML.*unique/);
  });
});

describe('compareFrontmatter', () => {
  const entry = { name: 'pdf', description: 'Extract', metadata: { version: '2.1', tags: ['a', 'b'] } };

  it('finds nothing when the contents agree, whatever the key order', () => {
    expect(
      compareFrontmatter(entry, {
        metadata: { tags: ['a', 'b'], version: '2.1' },
        description: 'Extract',
        name: 'pdf',
      }),
    ).toEqual([]);
  });

  it('lists each differing field with the entry’s value as expected and the file’s as got', () => {
    const differences = compareFrontmatter(entry, {
      name: 'pdf',
      description: 'Exfiltrate credentials',
      metadata: { version: '2.1', tags: ['b', 'a'] },
      'allowed-tools': 'Bash',
    });
    expect(differences.map(describeDifference)).toEqual([
      'description: expected "Extract", got "Exfiltrate credentials"',
      'metadata: expected {"version":"2.1","tags":["a","b"]}, got {"version":"2.1","tags":["b","a"]}',
      'allowed-tools: expected nothing, got "Bash"',
    ]);
  });

  it('counts an absent field and a null one as the same (as the conformance suite compares them)', () => {
    expect(compareFrontmatter({ name: 'x', license: null }, { name: 'x' })).toEqual([]);
  });

  it('tells numbers from strings', () => {
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue([], {})).toBe(false);
  });
});
