/**
 * The Skills extension's entries (SEP-2640, `io.modelcontextprotocol/skills`): what `skills/list`
 * says about one skill, read from the wire and checked before anything of the skill is read. An entry
 * is the manifest every file of the skill is verified against, so a malformed one is set aside with
 * its reasons instead of being loaded.
 */
import { typeName } from '../content/base64.ts';

/** The extension's id, as servers declare it under `capabilities.extensions`. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

/** The file every skill has at its root; a skill is addressed by this file's URI. */
export const SKILL_FILE = 'SKILL.md';

/** What a conforming host must accept of one skill; a server should serve nothing larger. */
export const SKILL_LIMITS = { files: 512, bytes: 16 * 1024 * 1024 } as const;

/** One file of a skill as its entry lists it: the URI, and the digest and size its bytes must have. */
export interface SkillFileEntry {
  uri: string;
  /** `sha256:` and 64 lowercase hex digits. */
  digest: string;
  /** Bytes. */
  size: number;
}

/** One skill as `skills/list` (or `skills/get`) describes it, checked for shape. */
export interface SkillEntry {
  /** The URI of the skill's `SKILL.md`. */
  uri: string;
  /** `frontmatter.name`: a label, not an identity (two skills may share it). */
  name: string;
  description: string;
  /** The `SKILL.md` frontmatter as the server rendered it, every field the author wrote. */
  frontmatter: Record<string, unknown>;
  /** Every file of the skill (`SKILL.md` included), or `dynamic`: generated, no digests to verify. */
  resources: SkillFileEntry[] | 'dynamic';
  /** What is odd about the entry without making it unusable (the server breaks a rule the host can live with). */
  notes: SkillNote[];
}

/** One remark on an entry; `error` breaks a MUST of the spec, `warning` a SHOULD (the levels of findings). */
export interface SkillNote {
  level: 'error' | 'warning' | 'info';
  text: string;
}

/** A listed entry that cannot be loaded, and why. */
export interface InvalidSkillEntry {
  /** Its place in the listing (across pages). */
  index: number;
  uri?: string;
  name?: string;
  problems: string[];
  raw: unknown;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;
/** The Agent Skills naming rule: 1-64 lowercase letters, digits and single inner hyphens. */
const SKILL_NAME = /^(?=.{1,64}$)[a-z0-9]+(-[a-z0-9]+)*$/;

/** Whether a server's capabilities declare the Skills extension. */
export function declaresSkills(capabilities: unknown): boolean {
  const extensions = (capabilities as { extensions?: unknown } | undefined)?.extensions;
  return typeof extensions === 'object' && extensions !== null && SKILLS_EXTENSION_ID in extensions;
}

/** The skill's root (its `SKILL.md` URI without `/SKILL.md`), or undefined when the URI names no `SKILL.md`. */
export function skillRootOf(uri: string): string | undefined {
  return uri.endsWith(`/${SKILL_FILE}`) ? uri.slice(0, -SKILL_FILE.length - 1) : undefined;
}

/** The last folder of a skill's URI: by the spec, the skill's name. */
export function skillFolderOf(uri: string): string | undefined {
  const root = skillRootOf(uri);
  const path = root?.slice(root.indexOf('://') + 3);
  return path?.split('/').filter(Boolean).at(-1);
}

/** The supporting files of a skill: its listed files other than `SKILL.md`. */
export function supportingFiles(entry: SkillEntry): SkillFileEntry[] {
  return entry.resources === 'dynamic' ? [] : entry.resources.filter((file) => file.uri !== entry.uri);
}

/** A file's path inside its skill (`references/FORMS.md`), for showing; the URI when it lies elsewhere. */
export function pathInSkill(entry: Pick<SkillEntry, 'uri'>, uri: string): string {
  const root = skillRootOf(entry.uri);
  return root && uri.startsWith(`${root}/`) ? uri.slice(root.length + 1) : uri;
}

/** How a skill is named to people: its name and, since names are not unique, its URI. */
export function skillLabel(entry: Pick<SkillEntry, 'name' | 'uri'>): string {
  return `${entry.name} (${entry.uri})`;
}

/**
 * Reads one entry of a `skills/list` page. An entry that could mislead verification (no URI, no
 * name or description, a file list that is neither complete nor `dynamic`, a digest that is no
 * SHA-256, a file outside the skill) is invalid: the host must not load it.
 */
export function readSkillEntry(raw: unknown, index = 0): SkillEntry | InvalidSkillEntry {
  const problems: string[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { index, problems: [`an entry must be an object, got ${typeName(raw)}`], raw };
  const { uri, frontmatter, resources } = raw as Record<string, unknown>;
  if (typeof uri !== 'string' || !uri) problems.push(`uri must be a non-empty string, got ${typeName(uri)}`);
  const root = typeof uri === 'string' ? skillRootOf(uri) : undefined;
  if (typeof uri === 'string' && uri && !root) problems.push(`uri ${uri} does not end in /${SKILL_FILE}`);
  const fields = isRecord(frontmatter) ? frontmatter : undefined;
  if (!fields) problems.push(`frontmatter must be an object, got ${typeName(frontmatter)}`);
  const name = fields?.name;
  const description = fields?.description;
  if (fields && (typeof name !== 'string' || !name)) problems.push('frontmatter has no name');
  if (fields && (typeof description !== 'string' || !description))
    problems.push('frontmatter has no description');
  const files = readFiles(resources, typeof uri === 'string' ? uri : undefined, root, problems);
  const named = {
    uri: typeof uri === 'string' ? uri : undefined,
    name: typeof name === 'string' ? name : undefined,
  };
  if (problems.length || !files || !fields) return { index, ...named, problems, raw };
  return {
    uri: uri as string,
    name: name as string,
    description: description as string,
    frontmatter: fields,
    resources: files,
    notes: entryNotes(uri as string, name as string, files),
  };
}

/** Whether {@link readSkillEntry} refused the entry. */
export function isInvalidEntry(entry: SkillEntry | InvalidSkillEntry): entry is InvalidSkillEntry {
  return 'problems' in entry;
}

function readFiles(
  resources: unknown,
  uri: string | undefined,
  root: string | undefined,
  problems: string[],
): SkillFileEntry[] | 'dynamic' | undefined {
  if (resources === 'dynamic') return 'dynamic';
  if (!Array.isArray(resources)) {
    problems.push(`resources must be a list of files or "dynamic", got ${typeName(resources)}`);
    return undefined;
  }
  const files: SkillFileEntry[] = [];
  const seen = new Set<string>();
  resources.forEach((file: unknown, at) => {
    const where = `resources[${at}]`;
    if (!isRecord(file)) return problems.push(`${where} must be an object, got ${typeName(file)}`);
    const { uri: fileUri, digest, size } = file;
    if (typeof fileUri !== 'string' || !fileUri) return problems.push(`${where} has no uri`);
    if (typeof digest !== 'string' || !DIGEST.test(digest))
      problems.push(
        `${where} (${fileUri}): digest ${JSON.stringify(digest)} is not sha256: and 64 lowercase hex digits`,
      );
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)
      problems.push(`${where} (${fileUri}): size ${JSON.stringify(size)} is not a whole number of bytes`);
    if (root && fileUri !== uri && !fileUri.startsWith(`${root}/`))
      problems.push(`${where}: ${fileUri} lies outside the skill (${root}/)`);
    if (seen.has(fileUri)) problems.push(`${where}: ${fileUri} is listed twice`);
    seen.add(fileUri);
    files.push({ uri: fileUri, digest: String(digest), size: Number(size) });
  });
  if (uri && !seen.has(uri)) problems.push(`resources does not list the skill's own ${SKILL_FILE} (${uri})`);
  return files;
}

function entryNotes(uri: string, name: string, files: SkillFileEntry[] | 'dynamic'): SkillNote[] {
  const notes: SkillNote[] = [];
  const note = (level: SkillNote['level'], text: string) => notes.push({ level, text });
  const folder = skillFolderOf(uri);
  if (folder !== name)
    note('error', `the URI's last folder "${folder ?? ''}" is not the skill's name "${name}"`);
  if (!SKILL_NAME.test(name))
    note(
      'error',
      `the name "${name}" breaks the naming rule (1-64 lowercase letters, digits, single hyphens)`,
    );
  if (files === 'dynamic') note('info', 'resources is "dynamic": no digests, so no file can be verified');
  else {
    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    if (files.length > SKILL_LIMITS.files)
      note('warning', `${files.length} files, more than the ${SKILL_LIMITS.files} every host must accept`);
    if (bytes > SKILL_LIMITS.bytes)
      note('warning', `${bytes} bytes in all, more than the ${SKILL_LIMITS.bytes} every host must accept`);
  }
  return notes;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
