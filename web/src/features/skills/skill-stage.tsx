import { useEffect } from 'react';
import { useStore } from '../../ui/use-store.ts';
import { SafeMarkdown } from '../../ui/safe-markdown.tsx';
import { compactButtonClass, panelClass } from '../../ui/field-classes.ts';
import type { SkillEntry, SkillNote } from '#client/skills/skill-entry.ts';
import { failureHeadline } from '#client/skills/skill-verification.ts';
import type { SkillLoadState, SkillsBrowser } from './skills-browser.ts';
import { SkillChecksTable } from './skill-checks-table.tsx';
import { FrontmatterTable } from './frontmatter-table.tsx';
import { SkillFiles } from './skill-files.tsx';
import { StageHeader, StageHint } from '../stage/stage-header.tsx';

const sectionHeading = 'mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase';

const noteClass: Record<SkillNote['level'], string> = {
  error: 'text-red-700 dark:text-red-400',
  warning: 'text-amber-700 dark:text-amber-400',
  info: 'text-slate-600 dark:text-slate-400',
};

/**
 * The skill opened on the stage, loaded when it opens: its verification first (size, digest and
 * frontmatter of its SKILL.md against the listed entry), then, only when every check passed, its
 * frontmatter as a table, its body as markdown and its supporting files, each opened and verified on
 * its own. A refused skill shows why and nothing of its content.
 */
export function SkillStage({ browser, uri }: { browser: SkillsBrowser; uri: string }) {
  const entry = useStore(browser.state, (s) => s.entries.find((candidate) => candidate.uri === uri));
  const listing = useStore(browser.state, (s) => s.listing || !s.listed);
  const load = useStore(browser.state, (s) => s.loads[uri]);
  useEffect(() => browser.ensureLoaded(uri), [browser, uri, entry]);
  if (!entry)
    return (
      <StageHint label="Skill">
        {listing ? 'Listing skills…' : `${uri} is not in this connection’s listing of skills.`}
      </StageHint>
    );
  return (
    <section aria-label="Skill" className={`${panelClass} min-h-0 overflow-y-auto`}>
      <StageHeader
        kind="Skill"
        title={entry.name}
        id={entry.uri}
        facts={[filesFact(entry)]}
        description={entry.description}
        actions={
          <button
            type="button"
            className={compactButtonClass}
            disabled={load?.status === 'loading'}
            title="Read SKILL.md again and verify it"
            onClick={() => browser.reload(uri)}
          >
            Load again
          </button>
        }
      />
      <div className="flex flex-col gap-4 px-3 py-3">
        <EntryNotes entry={entry} />
        <div>
          <h3 className={sectionHeading}>Verification of SKILL.md</h3>
          {load && load.status !== 'loading' ? (
            <SkillChecksTable verification={load.verification} label="Verification of SKILL.md" />
          ) : (
            <p className="text-sm text-slate-500" aria-busy="true">
              Reading SKILL.md and verifying it…
            </p>
          )}
        </div>
        <LoadOutcome browser={browser} entry={entry} load={load} />
      </div>
    </section>
  );
}

function LoadOutcome({
  browser,
  entry,
  load,
}: {
  browser: SkillsBrowser;
  entry: SkillEntry;
  load?: SkillLoadState;
}) {
  if (!load || load.status === 'loading') return null;
  if (load.status === 'refused')
    return (
      <div
        role="alert"
        className="rounded-md border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950"
      >
        <p className="font-semibold text-red-800 dark:text-red-300">
          Refused: {failureHeadline(load.verification.failure)}
        </p>
        <p className="mt-1 text-red-900 dark:text-red-200">
          {load.verification.failure.check === 'read'
            ? 'The server could not give this skill’s SKILL.md (see the verification above).'
            : 'The SKILL.md the server sent is not what the skill’s entry describes (see the verification above).'}{' '}
          Its content is not shown, and no other file of this skill was read.
        </p>
      </div>
    );
  return (
    <>
      {!load.verification.verified && (
        <p
          role="note"
          className="rounded-md bg-amber-50 p-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-300"
        >
          Unverified: this skill’s resources are “dynamic”, so its files have no digests to check. Only the
          frontmatter was compared.
        </p>
      )}
      <div>
        <h3 className={sectionHeading}>Frontmatter</h3>
        <FrontmatterTable frontmatter={load.frontmatter} />
      </div>
      <div>
        <h3 className={sectionHeading}>SKILL.md</h3>
        <article
          aria-label="SKILL.md body"
          className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
        >
          <SafeMarkdown text={load.body.trim()} />
        </article>
      </div>
      <div>
        <h3 className={sectionHeading}>Files</h3>
        <SkillFiles browser={browser} entry={entry} />
      </div>
    </>
  );
}

function EntryNotes({ entry }: { entry: SkillEntry }) {
  // The one info note (a dynamic skill) has its own banner once loaded.
  const notes = entry.notes.filter((note) => note.level !== 'info');
  if (!notes.length) return null;
  return (
    <ul aria-label="About this entry" className="flex flex-col gap-0.5 text-xs">
      {notes.map((note) => (
        <li key={note.text} className={noteClass[note.level]}>
          {note.level === 'error' ? 'Breaks a MUST' : 'Breaks a SHOULD'}: {note.text}
        </li>
      ))}
    </ul>
  );
}

/** How many files the entry lists, or that it lists none (a generated skill). */
function filesFact(entry: SkillEntry): string {
  if (entry.resources === 'dynamic') return 'dynamic';
  return `${entry.resources.length} file${entry.resources.length === 1 ? '' : 's'}`;
}
