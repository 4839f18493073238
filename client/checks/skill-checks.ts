/**
 * The Skills extension (SEP-2640) checked on a server that declares it: every page of `skills/list`
 * (its entries, cache hints and cursors), then, unless only listing, every skill loaded as a host
 * loads it: `SKILL.md` verified (size, digest, frontmatter) and then each supporting file, one at a
 * time. A skill that fails is reported by the check it failed and nothing more of it is read.
 * Listing alone reads no file, as a host must not fetch a skill's files ahead of need.
 */
import type { McpSession } from '../session/mcp-session.ts';
import {
  declaresSkills,
  pathInSkill,
  skillLabel,
  supportingFiles,
  type InvalidSkillEntry,
  type SkillEntry,
} from '../skills/skill-entry.ts';
import { loadSkill, readSkillFile } from '../skills/skill-loader.ts';
import { listAllSkills, MAX_SKILL_PAGES, type SkillsPage } from '../skills/skills-listing.ts';
import { describeFailure } from '../skills/skill-verification.ts';
import { sessionSkills } from '../skills/session-skills.ts';
import type { Finding } from './finding.ts';
import { cacheHintFindings, resultTypeFindings } from './result-rules.ts';

/** `verify` loads every skill and reads each of its files; `list` reads no file at all. */
export type SkillsCheckMode = 'verify' | 'list';

/** What the skills checks found. */
export interface SkillsCheck {
  /** Entries listed (invalid ones too). */
  listed: number;
  findings: Finding[];
}

const METHOD = 'skills/list';

/** Checks the skills of the session's server; undefined when it does not declare the extension. */
export async function checkSkills(
  session: McpSession,
  options: { mode?: SkillsCheckMode; revision: string; onstep?: (text: string) => void },
): Promise<SkillsCheck | undefined> {
  if (!declaresSkills(session.state.get().server?.capabilities)) return undefined;
  const findings: Finding[] = [];
  const skills = sessionSkills(session);
  options.onstep?.(`listing ${METHOD}`);
  let listing: Awaited<ReturnType<typeof listAllSkills>>;
  try {
    listing = await listAllSkills(skills.list);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    findings.push(
      finding('error', 'list', METHOD, `the server declares the Skills extension but answered: ${message}`),
    );
    return { listed: 0, findings };
  }
  const entries = listing.pages.flatMap((page) => page.skills);
  const invalid = listing.pages.flatMap((page) => page.invalid);
  findings.push(...pageFindings(listing.pages, options.revision), ...entryFindings(entries, invalid));
  if (listing.stopped === 'repeated-cursor')
    findings.push(finding('error', 'list', METHOD, 'a nextCursor came back a second time: listing stopped'));
  if (listing.stopped === 'too-many-pages')
    findings.push(finding('warning', 'list', METHOD, `more than ${MAX_SKILL_PAGES} pages: listing stopped`));
  if ((options.mode ?? 'verify') === 'list') {
    if (entries.length)
      findings.push(finding('info', 'skill', METHOD, 'listed only: no skill file was read or verified'));
  } else
    for (const entry of entries) {
      options.onstep?.(`loading skill ${entry.name}`);
      findings.push(...(await verifySkill(skills, entry)));
    }
  return { listed: entries.length + invalid.length, findings };
}

/** Loads one skill and reads each of its supporting files; findings for what fails. */
async function verifySkill(skills: ReturnType<typeof sessionSkills>, entry: SkillEntry): Promise<Finding[]> {
  const subject = `skill ${skillLabel(entry)}`;
  const load = await loadSkill(skills.read, entry);
  if (load.status === 'refused')
    return [
      finding(
        'error',
        'skill',
        subject,
        `SKILL.md ${describeFailure(load.verification.failure)}; the skill is not loaded and no other file of it was read`,
      ),
    ];
  const findings: Finding[] = [];
  for (const file of supportingFiles(entry)) {
    const read = await readSkillFile(skills.read, entry, file.uri);
    if (read.verification.failure)
      findings.push(
        finding(
          'error',
          'skill',
          subject,
          `${pathInSkill(entry, file.uri)} ${describeFailure(read.verification.failure)}`,
        ),
      );
  }
  return findings;
}

/** Each page as a list result: `resultType`, cache hints, a skills list, a string cursor. */
function pageFindings(pages: SkillsPage[], revision: string): Finding[] {
  return pages.flatMap((page, at) => {
    const subject = at === 0 ? METHOD : `${METHOD} (page ${at + 1})`;
    return [
      ...resultTypeFindings(page.result, revision, subject),
      ...cacheHintFindings(page.result, revision, subject),
      ...page.problems.map((problem) => finding('error', 'list', subject, problem)),
    ];
  });
}

/** Entries a host must not load, the rules an entry breaks, and URIs or names given twice. */
function entryFindings(entries: SkillEntry[], invalid: InvalidSkillEntry[]): Finding[] {
  const findings: Finding[] = invalid.map((entry) =>
    finding(
      'error',
      'skill-entry',
      `skill ${entry.name && entry.uri ? skillLabel({ name: entry.name, uri: entry.uri }) : (entry.uri ?? `#${entry.index + 1}`)}`,
      `not loadable: ${entry.problems.join('; ')}`,
    ),
  );
  for (const entry of entries)
    for (const note of entry.notes)
      findings.push(finding(note.level, 'skill-entry', `skill ${skillLabel(entry)}`, note.text));
  const byUri = new Map<string, number>();
  const byName = new Map<string, string[]>();
  for (const entry of entries) {
    byUri.set(entry.uri, (byUri.get(entry.uri) ?? 0) + 1);
    byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry.uri]);
  }
  for (const [uri, count] of byUri)
    if (count > 1) findings.push(finding('error', 'skill-entry', `skill ${uri}`, `listed ${count} times`));
  for (const [name, uris] of byName)
    if (new Set(uris).size > 1)
      findings.push(
        finding(
          'warning',
          'skill-entry',
          METHOD,
          `the name "${name}" is served at ${uris.join(' and ')} (names should be unique)`,
        ),
      );
  return findings;
}

function finding(level: Finding['level'], rule: string, subject: string, message: string): Finding {
  return { level, rule, subject, message };
}
