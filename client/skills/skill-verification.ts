/**
 * The checks a skill file passes before its content is used (SEP-2640, Integrity and Verification):
 * the file is listed in the skill's entry, its byte length is the listed size, its SHA-256 is the
 * listed digest, and for `SKILL.md` its frontmatter is the entry's. Each check says what was expected
 * and what came, so a refusal can be explained; a check after a failed one is not made on content
 * that is already unverified.
 */
import { sha256Digest } from './skill-bytes.ts';
import { compareFrontmatter, describeDifference, readFrontmatter } from './skill-frontmatter.ts';
import type { SkillFileEntry } from './skill-entry.ts';

/** The checks, in the order they are made. */
export type SkillCheckName = 'listed' | 'read' | 'size' | 'digest' | 'frontmatter';

/** One check of one file. */
export interface SkillCheck {
  check: SkillCheckName;
  status: 'passed' | 'failed' | 'skipped';
  expected?: string;
  got?: string;
  /** Why it was skipped, or the detail of a failure (the differing fields, the read error). */
  detail?: string;
  /** A frontmatter mismatch: each differing field, `description: expected "A", got "B"`. */
  differences?: string[];
}

/** All checks of one file; `failure` is the first that failed (the file's content must not be used). */
export interface FileVerification {
  uri: string;
  checks: SkillCheck[];
  failure?: SkillCheck;
  /** Size and digest were checked (false for a `dynamic` skill, which lists none). */
  verified: boolean;
}

/** The verification of a file whose checks are `checks`. */
export function verificationOf(uri: string, checks: SkillCheck[], verified = true): FileVerification {
  const failure = checks.find((check) => check.status === 'failed');
  return { uri, checks, verified, ...(failure ? { failure } : {}) };
}

/** Size, then digest, of bytes read for a listed file. Both are reported, whichever fails. */
export async function checkBytes(listed: SkillFileEntry, bytes: Uint8Array): Promise<SkillCheck[]> {
  const digest = await sha256Digest(bytes);
  return [
    outcome('size', listed.size === bytes.byteLength, `${listed.size} bytes`, `${bytes.byteLength} bytes`),
    outcome('digest', listed.digest === digest, listed.digest, digest),
  ];
}

/**
 * The frontmatter check of a `SKILL.md` whose bytes passed (or, for a dynamic skill, could not be
 * checked): parsed, then compared with the entry's field by field. Returns the body when it passes.
 */
export function checkFrontmatter(
  entryFrontmatter: Record<string, unknown>,
  text: string | undefined,
): { check: SkillCheck; frontmatter?: Record<string, unknown>; body?: string } {
  if (text === undefined)
    return { check: { check: 'frontmatter', status: 'failed', detail: 'the file is not UTF-8 text' } };
  const read = readFrontmatter(text);
  if (!read.ok) return { check: { check: 'frontmatter', status: 'failed', detail: read.problem } };
  const differences = compareFrontmatter(entryFrontmatter, read.frontmatter);
  if (differences.length)
    return {
      check: {
        check: 'frontmatter',
        status: 'failed',
        expected: 'the entry’s frontmatter',
        got: `${differences.length} field${differences.length === 1 ? '' : 's'} differ`,
        detail: differences.map(describeDifference).join('; '),
        differences: differences.map(describeDifference),
      },
    };
  return {
    check: { check: 'frontmatter', status: 'passed' },
    frontmatter: read.frontmatter,
    body: read.body,
  };
}

/** A check not made, and why. */
export function skipped(check: SkillCheckName, detail: string): SkillCheck {
  return { check, status: 'skipped', detail };
}

/** A failed check named: "digest mismatch", "frontmatter failed", "not listed". */
export function failureHeadline(check: SkillCheck): string {
  if (check.check === 'listed') return 'not listed';
  return `${check.check} ${check.expected ? 'mismatch' : 'failed'}`;
}

/**
 * A failed check in words, naming the check first: "digest mismatch: expected sha256:…, got
 * sha256:…", "frontmatter mismatch: description: expected …", "read failed: …".
 */
export function describeFailure(check: SkillCheck): string {
  switch (check.check) {
    case 'listed':
      return `not listed: ${check.detail ?? 'the skill’s entry does not list this file'}`;
    case 'read':
      return `read failed: ${check.detail ?? 'no content'}`;
    case 'frontmatter':
      return check.expected
        ? `frontmatter mismatch: ${check.detail ?? ''}`
        : `frontmatter failed: ${check.detail ?? ''}`;
    default:
      return `${check.check} mismatch: expected ${check.expected ?? '?'}, got ${check.got ?? '?'}`;
  }
}

function outcome(check: SkillCheckName, passed: boolean, expected: string, got: string): SkillCheck {
  return { check, status: passed ? 'passed' : 'failed', expected, got };
}
