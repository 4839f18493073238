/**
 * `skills/list`, page by page: each page's entries read and checked, the invalid ones set aside with
 * their reasons. Listing reads no skill file (the spec forbids fetching ahead of need).
 */
import { isInvalidEntry, readSkillEntry, type InvalidSkillEntry, type SkillEntry } from './skill-entry.ts';

/** Sends one `skills/list` request and resolves with the result as sent. */
export type SkillsLister = (cursor: string | undefined) => Promise<Record<string, unknown>>;

/** One page of the listing. */
export interface SkillsPage {
  skills: SkillEntry[];
  invalid: InvalidSkillEntry[];
  nextCursor?: string;
  /** The result as sent (cache hints, `resultType`), for checks. */
  result: Record<string, unknown>;
  /** The page's own problems: no `skills` list, a cursor that is not a string. */
  problems: string[];
}

/** One page; `offset` numbers its entries after those of the pages before it. */
export async function listSkillsPage(list: SkillsLister, cursor?: string, offset = 0): Promise<SkillsPage> {
  const result = await list(cursor);
  return readSkillsPage(result, offset);
}

/** Reads a `skills/list` result. */
export function readSkillsPage(result: Record<string, unknown>, offset = 0): SkillsPage {
  const problems: string[] = [];
  const raw = result.skills;
  if (!Array.isArray(raw)) problems.push('the result has no skills list');
  const skills: SkillEntry[] = [];
  const invalid: InvalidSkillEntry[] = [];
  for (const [at, item] of (Array.isArray(raw) ? raw : []).entries()) {
    const entry = readSkillEntry(item, offset + at);
    if (isInvalidEntry(entry)) invalid.push(entry);
    else skills.push(entry);
  }
  const next = result.nextCursor;
  if (next !== undefined && next !== null && typeof next !== 'string')
    problems.push(`nextCursor ${JSON.stringify(next)} is not a string`);
  return {
    skills,
    invalid,
    result,
    problems,
    ...(typeof next === 'string' && next ? { nextCursor: next } : {}),
  };
}

/** Most pages read in one walk: a server whose cursors never end is reported, not followed forever. */
export const MAX_SKILL_PAGES = 100;

/** Every page, following cursors until none, a repeated one, or {@link MAX_SKILL_PAGES}. */
export async function listAllSkills(
  list: SkillsLister,
): Promise<{ pages: SkillsPage[]; stopped?: 'repeated-cursor' | 'too-many-pages' }> {
  const pages: SkillsPage[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  let offset = 0;
  for (let page = 0; page < MAX_SKILL_PAGES; page++) {
    const read = await listSkillsPage(list, cursor, offset);
    pages.push(read);
    offset += read.skills.length + read.invalid.length;
    if (!read.nextCursor) return { pages };
    if (cursors.has(read.nextCursor)) return { pages, stopped: 'repeated-cursor' };
    cursors.add(read.nextCursor);
    cursor = read.nextCursor;
  }
  return { pages, stopped: 'too-many-pages' };
}
