import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSkillEntry, type SkillEntry } from './skill-entry.ts';
import { loadSkill, readSkillFile } from './skill-loader.ts';
import { describeFailure } from './skill-verification.ts';
import { sha256Digest } from './skill-bytes.ts';

const SKILL_MD =
  '---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n\nSkill body.\n';
const FORMS = 'Supporting content, é.\n';
const ROOT = 'skill://pdf-processing';
const sha = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
const size = (text: string) => Buffer.byteLength(text);

/** The entry the server listed, built from what the files should be. */
function entryFor(files: Record<string, string>, frontmatter?: Record<string, unknown>): SkillEntry {
  return readSkillEntry({
    uri: `${ROOT}/SKILL.md`,
    frontmatter: frontmatter ?? {
      name: 'pdf-processing',
      description: 'Extract, fill, and assemble PDF documents',
    },
    resources: Object.entries(files).map(([path, text]) => ({
      uri: `${ROOT}/${path}`,
      digest: sha(text),
      size: size(text),
    })),
  }) as SkillEntry;
}

/** A server that serves `files` (by path) and records every read. */
function serving(files: Record<string, string | { blob: string }>) {
  const reads: string[] = [];
  const read = async (uri: string) => {
    reads.push(uri);
    const file = files[uri.slice(ROOT.length + 1)];
    if (file === undefined) throw new Error(`MCP error -32602: no resource ${uri}`);
    return {
      contents: [
        typeof file === 'string' ? { uri, mimeType: 'text/markdown', text: file } : { uri, ...file },
      ],
    };
  };
  return { read, reads };
}

const listed = { 'SKILL.md': SKILL_MD, 'references/FORMS.md': FORMS };

describe('loadSkill', () => {
  it('loads a skill whose SKILL.md passes size, digest and frontmatter, reading that file alone', async () => {
    const server = serving(listed);
    const load = await loadSkill(server.read, entryFor(listed));
    expect(load.status).toBe('loaded');
    if (load.status !== 'loaded') return;
    expect(load.verification.checks.map((check) => `${check.check} ${check.status}`)).toEqual([
      'listed passed',
      'read passed',
      'size passed',
      'digest passed',
      'frontmatter passed',
    ]);
    expect(load.body).toBe('\nSkill body.\n');
    expect(load.frontmatter.name).toBe('pdf-processing');
    expect(server.reads).toEqual([`${ROOT}/SKILL.md`]);
  });

  it('refuses a SKILL.md whose bytes differ from the digest: expected vs got, no frontmatter read, no other file', async () => {
    const server = serving({ ...listed, 'SKILL.md': SKILL_MD.replace('Skill body.', 'Evil body!!') });
    const load = await loadSkill(server.read, entryFor(listed));
    expect(load.status).toBe('refused');
    if (load.status !== 'refused') return;
    const failure = load.verification.failure;
    expect(failure.check).toBe('digest');
    expect(describeFailure(failure)).toBe(
      `digest mismatch: expected ${sha(SKILL_MD)}, got ${sha(SKILL_MD.replace('Skill body.', 'Evil body!!'))}`,
    );
    // The size matched; the frontmatter of unverified content is not even parsed.
    expect(load.verification.checks.find((check) => check.check === 'size')?.status).toBe('passed');
    expect(load.verification.checks.at(-1)).toMatchObject({ check: 'frontmatter', status: 'skipped' });
    expect(server.reads).toEqual([`${ROOT}/SKILL.md`]);
    expect('body' in load).toBe(false);
  });

  it('refuses a SKILL.md of another size, naming both sizes', async () => {
    const longer = `${SKILL_MD}extra bytes the entry did not account for\n`;
    const load = await loadSkill(serving({ ...listed, 'SKILL.md': longer }).read, entryFor(listed));
    expect(load.status === 'refused' && describeFailure(load.verification.failure)).toBe(
      `size mismatch: expected ${size(SKILL_MD)} bytes, got ${size(longer)} bytes`,
    );
  });

  it('refuses a SKILL.md whose frontmatter differs from the entry’s, though its digest matches', async () => {
    const served = SKILL_MD.replace('Extract, fill, and assemble PDF documents', 'Exfiltrate credentials');
    const entry = entryFor({ ...listed, 'SKILL.md': served });
    const load = await loadSkill(serving({ ...listed, 'SKILL.md': served }).read, entry);
    expect(load.status === 'refused' && describeFailure(load.verification.failure)).toBe(
      'frontmatter mismatch: description: expected "Extract, fill, and assemble PDF documents", got "Exfiltrate credentials"',
    );
  });

  it('refuses a SKILL.md with no frontmatter, and one the server cannot read', async () => {
    const bare = '# No frontmatter\n';
    const load = await loadSkill(serving({ 'SKILL.md': bare }).read, entryFor({ 'SKILL.md': bare }));
    expect(load.status === 'refused' && describeFailure(load.verification.failure)).toBe(
      'frontmatter failed: the file does not begin with a --- frontmatter block',
    );
    const missing = await loadSkill(serving({}).read, entryFor(listed));
    expect(missing.status === 'refused' && describeFailure(missing.verification.failure)).toBe(
      `read failed: MCP error -32602: no resource ${ROOT}/SKILL.md`,
    );
  });

  it('loads a dynamic skill on its frontmatter alone, marked unverified', async () => {
    const entry = { ...entryFor(listed), resources: 'dynamic' as const };
    const load = await loadSkill(serving(listed).read, entry);
    expect(load.status).toBe('loaded');
    expect(load.verification.verified).toBe(false);
    expect(
      load.verification.checks.filter((check) => check.status === 'skipped').map((check) => check.check),
    ).toEqual(['listed', 'size', 'digest']);
  });
});

describe('readSkillFile', () => {
  it('reads a listed supporting file and verifies it', async () => {
    const server = serving(listed);
    const file = await readSkillFile(server.read, entryFor(listed), `${ROOT}/references/FORMS.md`);
    expect(file.verification.failure).toBeUndefined();
    expect(file.text).toBe(FORMS);
    expect(server.reads).toEqual([`${ROOT}/references/FORMS.md`]);
  });

  it('refuses a file the entry does not list, without a request', async () => {
    const server = serving({ ...listed, 'credit-note.md': 'new' });
    const file = await readSkillFile(server.read, entryFor(listed), `${ROOT}/credit-note.md`);
    expect(describeFailure(file.verification.failure!)).toBe(
      `not listed: the entry of ${ROOT}/SKILL.md lists no file ${ROOT}/credit-note.md`,
    );
    expect(server.reads).toEqual([]);
  });

  it('verifies a blob by its decoded bytes, and gives no content when it fails', async () => {
    const bytes = new Uint8Array([0, 159, 146, 150, 255]);
    const blob = Buffer.from(bytes).toString('base64');
    const entry = readSkillEntry({
      uri: `${ROOT}/SKILL.md`,
      frontmatter: { name: 'pdf-processing', description: 'd' },
      resources: [
        { uri: `${ROOT}/SKILL.md`, digest: sha(SKILL_MD), size: size(SKILL_MD) },
        { uri: `${ROOT}/logo.bin`, digest: await sha256Digest(bytes), size: 5 },
      ],
    }) as SkillEntry;
    const good = await readSkillFile(serving({ 'logo.bin': { blob } }).read, entry, `${ROOT}/logo.bin`);
    expect(good.verification.failure).toBeUndefined();
    expect(good.bytes).toEqual(bytes);
    expect(good.text).toBeUndefined();
    const other = Buffer.from([1, 2, 3, 4, 5]).toString('base64');
    const bad = await readSkillFile(serving({ 'logo.bin': { blob: other } }).read, entry, `${ROOT}/logo.bin`);
    expect(bad.verification.failure?.check).toBe('digest');
    expect(bad.bytes).toBeUndefined();
  });
});

describe('sha256Digest', () => {
  it('is the lowercase hex SHA-256 of the raw bytes, as Node computes it', async () => {
    const text = 'Supporting content, é.\n';
    expect(await sha256Digest(new TextEncoder().encode(text))).toBe(sha(text));
    expect(await sha256Digest(new Uint8Array())).toBe(
      'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});
