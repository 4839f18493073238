import { useEffect } from 'react';
import { useStore } from '../../ui/use-store.ts';
import type { SkillsBrowser } from './skills-browser.ts';

const headingClass =
  'mb-1 flex items-center gap-2 text-xs font-semibold tracking-wide text-slate-500 uppercase';

/**
 * The Skills tab: `skills/list`, page by page, one list item per skill (its name and description).
 * Listing reads no file; a skill is loaded only when opened, on the stage. Entries a host must not
 * load are listed apart, with why.
 */
export function SkillList({ browser }: { browser: SkillsBrowser }) {
  const entries = useStore(browser.state, (s) => s.entries);
  const invalid = useStore(browser.state, (s) => s.invalid);
  const listing = useStore(browser.state, (s) => s.listing);
  const error = useStore(browser.state, (s) => s.listError);
  const more = useStore(browser.state, (s) => s.nextCursor !== undefined);
  const selected = useStore(browser.state, (s) => (s.onStage ? s.selected : undefined));
  // The stage follows the left tab: the selected skill shows while this tab does.
  useEffect(() => {
    browser.ensureListed();
    browser.returnToStage();
    return () => browser.leaveStage();
  }, [browser]);

  return (
    <section aria-label="Skill browser" className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2 text-sm">
      <h3 className={headingClass}>
        Skills
        <span className="rounded-full bg-slate-200 px-1.5 font-medium normal-case dark:bg-slate-800">
          {entries.length}
        </span>
        <button
          type="button"
          className="ml-auto font-normal normal-case text-indigo-600 hover:underline dark:text-indigo-400"
          title="List the skills again (no file is read)"
          onClick={() => browser.refresh()}
        >
          {listing ? 'Listing…' : 'Refresh'}
        </button>
      </h3>
      {error && (
        <p role="alert" className="mb-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <ul aria-label="Skills" className="flex flex-col gap-0.5">
        {entries.map((entry) => (
          <li key={entry.uri}>
            <button
              type="button"
              aria-current={selected === entry.uri ? 'true' : undefined}
              title={entry.uri}
              onClick={() => browser.open(entry.uri)}
              className={`w-full rounded px-1.5 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800 ${
                selected === entry.uri
                  ? 'bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950 dark:ring-indigo-700'
                  : ''
              }`}
            >
              <span className="block truncate font-medium">{entry.name}</span>
              <span className="block truncate text-xs text-slate-500">{entry.description}</span>
            </button>
          </li>
        ))}
      </ul>
      {!listing && !error && entries.length === 0 && invalid.length === 0 && (
        <p className="text-xs text-slate-500">
          The server lists no skills (a listing may be partial: skills can still be served by URI).
        </p>
      )}
      {listing && <p className="text-xs text-slate-500">Listing…</p>}
      {more && !listing && (
        <button
          type="button"
          className="self-start text-xs text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => browser.loadMore()}
        >
          Load more
        </button>
      )}
      {invalid.length > 0 && (
        <section aria-label="Entries not loadable" className="mt-3">
          <h3 className={headingClass}>Not loadable</h3>
          <ul className="flex flex-col gap-1">
            {invalid.map((entry) => (
              <li key={entry.index} className="px-1.5 text-xs">
                <span className="block truncate font-medium">
                  {entry.name ?? entry.uri ?? `entry ${entry.index + 1}`}
                </span>
                <span className="block text-red-700 dark:text-red-400">{entry.problems.join('; ')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
