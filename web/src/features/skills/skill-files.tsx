import { useStore } from '../../ui/use-store.ts';
import { SafeMarkdown } from '../../ui/safe-markdown.tsx';
import { secondaryButtonClass } from '../../ui/field-classes.ts';
import { saveFile } from '../../lib/save-file.ts';
import { pathInSkill, supportingFiles, type SkillEntry } from '#client/skills/skill-entry.ts';
import { failureHeadline } from '#client/skills/skill-verification.ts';
import type { SkillFileState, SkillsBrowser } from './skills-browser.ts';
import { SkillChecksTable } from './skill-checks-table.tsx';

/** Characters of a text file shown before the rest is cut. */
const PREVIEW_CHARS = 50_000;

/**
 * A loaded skill's supporting files as its entry lists them; each is read (and verified) only when
 * opened, one at a time, and its content shown only when it passes.
 */
export function SkillFiles({ browser, entry }: { browser: SkillsBrowser; entry: SkillEntry }) {
  const open = useStore(browser.state, (s) => s.openFile[entry.uri]);
  const files = useStore(browser.state, (s) => s.files);
  const listed = supportingFiles(entry);
  if (!listed.length)
    return (
      <p className="text-xs text-slate-500">
        {entry.resources === 'dynamic'
          ? 'A dynamic skill lists no files.'
          : 'The skill has no files besides SKILL.md.'}
      </p>
    );
  const shown = open ? files[open] : undefined;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Skill files" className="flex flex-wrap gap-1.5">
        {listed.map((file) => {
          const state = files[file.uri];
          const failed = state?.status === 'read' && state.verification.failure;
          return (
            <li key={file.uri}>
              <button
                type="button"
                aria-pressed={open === file.uri}
                title={`${file.uri}\n${file.digest}`}
                onClick={() => browser.openFile(entry.uri, file.uri)}
                className={`rounded-md border px-2 py-1 font-mono text-xs ${
                  open === file.uri
                    ? 'border-indigo-400 bg-indigo-50 dark:border-indigo-600 dark:bg-indigo-950'
                    : 'border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800'
                } ${failed ? 'text-red-700 dark:text-red-400' : ''}`}
              >
                {pathInSkill(entry, file.uri)}
                <span className="ml-1.5 text-slate-500">{file.size} B</span>
              </button>
            </li>
          );
        })}
      </ul>
      {open && shown && <OpenedFile path={pathInSkill(entry, open)} state={shown} />}
    </div>
  );
}

function OpenedFile({ path, state }: { path: string; state: SkillFileState }) {
  if (state.status === 'reading') return <p className="text-xs text-slate-500">Reading {path}…</p>;
  const failure = state.verification.failure;
  return (
    <section
      aria-label={`File ${path}`}
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-2 dark:border-slate-800"
    >
      <SkillChecksTable verification={state.verification} label={`Verification of ${path}`} />
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Refused: {failureHeadline(failure)}. The file’s content is not shown.
        </p>
      ) : (
        <FileContent path={path} text={state.text} bytes={state.bytes} />
      )}
    </section>
  );
}

function FileContent({ path, text, bytes }: { path: string; text?: string; bytes?: Uint8Array }) {
  if (text === undefined)
    return (
      <p className="flex items-center gap-2 text-xs text-slate-500">
        Binary, {bytes?.byteLength ?? 0} bytes
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => bytes && saveFile(new Uint8Array(bytes), path.split('/').at(-1) ?? 'file')}
        >
          Download
        </button>
      </p>
    );
  if (/\.(md|markdown)$/i.test(path))
    return (
      <div className="text-sm">
        <SafeMarkdown text={text.slice(0, PREVIEW_CHARS)} />
      </div>
    );
  return (
    <pre className="max-h-96 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap dark:bg-slate-950">
      {text.slice(0, PREVIEW_CHARS)}
      {text.length > PREVIEW_CHARS && `\n… ${text.length - PREVIEW_CHARS} more characters`}
    </pre>
  );
}
