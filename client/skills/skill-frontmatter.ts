/**
 * A `SKILL.md`'s YAML frontmatter: split from the body, parsed with the `yaml` library (YAML 1.2,
 * core schema, as the Agent Skills format writes it) and compared field by field with the entry's
 * `frontmatter`, which must be identical in content.
 */
import { parseDocument } from 'yaml';

/** A `SKILL.md` read into frontmatter and body, or why it could not be. */
export type FrontmatterRead =
  { ok: true; frontmatter: Record<string, unknown>; body: string } | { ok: false; problem: string };

/** One field the file and the entry disagree on. */
export interface FrontmatterDifference {
  field: string;
  /** The entry's value (what was listed, and what a user approves). */
  expected: unknown;
  /** The file's value. */
  got: unknown;
}

/** Splits and parses a `SKILL.md`: a `---` line, the YAML, a `---` line, then the markdown body. */
export function readFrontmatter(text: string): FrontmatterRead {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  const fence = (line: string | undefined) =>
    line !== undefined && line.replace(/\r$/, '').trimEnd() === '---';
  if (!fence(lines[0])) return { ok: false, problem: 'the file does not begin with a --- frontmatter block' };
  const end = lines.findIndex((line, at) => at > 0 && fence(line));
  if (end < 0) return { ok: false, problem: 'the frontmatter block has no closing --- line' };
  const yaml = lines
    .slice(1, end)
    .map((line) => line.replace(/\r$/, ''))
    .join('\n');
  const document = parseDocument(yaml, { schema: 'core', uniqueKeys: true, prettyErrors: false });
  if (document.errors.length)
    return { ok: false, problem: `the frontmatter is not valid YAML: ${document.errors[0]!.message}` };
  const value: unknown = document.toJS({ maxAliasCount: 100 });
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problem: 'the frontmatter is not a mapping of fields' };
  return { ok: true, frontmatter: value as Record<string, unknown>, body: lines.slice(end + 1).join('\n') };
}

/**
 * The fields in which the file's frontmatter and the entry's differ, in the entry's order then the
 * file's. A field that is absent counts as null, as the conformance suite compares them.
 */
export function compareFrontmatter(
  entry: Record<string, unknown>,
  file: Record<string, unknown>,
): FrontmatterDifference[] {
  const fields = [...new Set([...Object.keys(entry), ...Object.keys(file)])];
  return fields
    .filter((field) => !sameValue(entry[field] ?? null, file[field] ?? null))
    .map((field) => ({ field, expected: entry[field], got: file[field] }));
}

/** Structural equality of JSON-like values (key order does not matter, array order does). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, at) => sameValue(item, b[at]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]))
  );
}

/** One difference in words: `description: expected "A", got "B"`. */
export function describeDifference({ field, expected, got }: FrontmatterDifference): string {
  const shown = (value: unknown) => (value === undefined ? 'nothing' : clip(JSON.stringify(value)));
  return `${field}: expected ${shown(expected)}, got ${shown(got)}`;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}
