/**
 * Loading a skill and reading its files, each verified against the skill's entry before its
 * content is handed out. Loading reads `SKILL.md` alone; a supporting file is read only when asked
 * for, one at a time, and only if the entry lists it (a read of an unlisted file is refused without a
 * request). Nothing here reads ahead: listing a skill reads no file at all.
 */
import { bytesOfReadResult, utf8Text } from './skill-bytes.ts';
import type { SkillEntry } from './skill-entry.ts';
import {
  checkBytes,
  checkFrontmatter,
  skipped,
  verificationOf,
  type FileVerification,
  type SkillCheck,
} from './skill-verification.ts';

/** Reads one resource (`resources/read`) and resolves with the result as sent; rejects on an error. */
export type SkillFileReader = (uri: string) => Promise<unknown>;

/** A skill loaded (its `SKILL.md` passed every check) or refused (and why), never half of each. */
export type SkillLoad =
  | {
      status: 'loaded';
      entry: SkillEntry;
      verification: FileVerification;
      /** The frontmatter as parsed from the file (equal to the entry's). */
      frontmatter: Record<string, unknown>;
      /** The markdown after the frontmatter. */
      body: string;
    }
  | { status: 'refused'; entry: SkillEntry; verification: FileVerification & { failure: SkillCheck } };

/** A file of a skill read and verified; `bytes` and `text` only when it passed. */
export interface SkillFileRead {
  verification: FileVerification;
  bytes?: Uint8Array;
  /** The content as text, when it is UTF-8. */
  text?: string;
  mimeType?: string;
}

/** Reads the skill's `SKILL.md` and verifies its size, digest and frontmatter before anything is used. */
export async function loadSkill(read: SkillFileReader, entry: SkillEntry): Promise<SkillLoad> {
  const file = await readSkillFile(read, entry, entry.uri);
  const checks = [...file.verification.checks];
  let parsed: ReturnType<typeof checkFrontmatter> | undefined;
  if (file.verification.failure)
    checks.push(skipped('frontmatter', 'not parsed: the file failed an earlier check'));
  else {
    parsed = checkFrontmatter(entry.frontmatter, file.text);
    checks.push(parsed.check);
  }
  const verification = verificationOf(entry.uri, checks, file.verification.verified);
  if (verification.failure || !parsed?.frontmatter)
    return {
      status: 'refused',
      entry,
      verification: verification as FileVerification & { failure: SkillCheck },
    };
  return { status: 'loaded', entry, verification, frontmatter: parsed.frontmatter, body: parsed.body ?? '' };
}

/**
 * Reads one file of a skill and checks it against the entry: listed, then size and digest. A file
 * the entry does not list is refused before any request; a `dynamic` skill's files cannot be checked
 * and come back unverified.
 */
export async function readSkillFile(
  read: SkillFileReader,
  entry: SkillEntry,
  uri: string,
): Promise<SkillFileRead> {
  const files = entry.resources;
  const dynamic = files === 'dynamic';
  const listed = files === 'dynamic' ? undefined : files.find((file) => file.uri === uri);
  if (!dynamic && !listed)
    return {
      verification: verificationOf(uri, [
        { check: 'listed', status: 'failed', detail: `the entry of ${entry.uri} lists no file ${uri}` },
      ]),
    };
  const checks: SkillCheck[] = [
    dynamic
      ? skipped('listed', 'the skill is dynamic: its entry lists no files')
      : { check: 'listed', status: 'passed' },
  ];
  let result: unknown;
  try {
    result = await read(uri);
  } catch (error) {
    checks.push({
      check: 'read',
      status: 'failed',
      detail: error instanceof Error ? error.message : String(error),
    });
    return { verification: verificationOf(uri, checks, !dynamic) };
  }
  const content = bytesOfReadResult(result, uri);
  if (!content.ok) {
    checks.push({ check: 'read', status: 'failed', detail: content.problem });
    return { verification: verificationOf(uri, checks, !dynamic) };
  }
  checks.push({ check: 'read', status: 'passed' });
  if (listed) checks.push(...(await checkBytes(listed, content.bytes)));
  else
    checks.push(
      skipped('size', 'no size to compare (dynamic)'),
      skipped('digest', 'no digest to compare (dynamic)'),
    );
  const verification = verificationOf(uri, checks, !dynamic);
  if (verification.failure) return { verification };
  return {
    verification,
    bytes: content.bytes,
    text: content.text ?? utf8Text(content.bytes),
    ...(content.mimeType ? { mimeType: content.mimeType } : {}),
  };
}
