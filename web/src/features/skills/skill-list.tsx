import { useEffect } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { PagedItems } from '../../ui/paged-items.tsx';
import type { PagedList } from '../../ui/paged-list.ts';
import { SurfaceItem } from '../stage/surface-item.tsx';
import type { SkillEntry } from '#client/skills/skill-entry.ts';
import type { SkillsBrowser } from './skills-browser.ts';
import { SKILLS_TAB } from './skills-tab.ts';

/**
 * The Skills tab's list: `skills/list`, page by page, one item per skill (its name and description).
 * Listing reads no file, and neither does picking: a skill is loaded on the stage. Entries a host
 * must not load are listed apart, with why.
 */
export function SkillList({ browser }: { browser: SkillsBrowser }) {
  const { stage } = useServices();
  const entries = useStore(browser.state, (s) => s.entries);
  const invalid = useStore(browser.state, (s) => s.invalid);
  const listing = useStore(browser.state, (s) => s.listing);
  const error = useStore(browser.state, (s) => s.listError);
  const more = useStore(browser.state, (s) => s.nextCursor !== undefined);
  const pick = useStore(stage, (s) => s.picks[SKILLS_TAB]);
  useEffect(() => browser.ensureListed(), [browser]);
  const list: PagedList<Record<string, unknown>> = {
    items: entries as unknown as Record<string, unknown>[],
    loading: listing,
    error,
    hasMore: more,
    loadMore: () => browser.loadMore(),
    reload: () => browser.refresh(),
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2 text-sm">
      <PagedItems
        title="Skills"
        list={list}
        render={(item) => {
          const entry = item as unknown as SkillEntry;
          return (
            <SurfaceItem
              title={entry.name}
              detail={entry.description}
              detailMono={false}
              current={pick?.id === entry.uri}
              onPick={() => stage.open(SKILLS_TAB, { kind: 'skill', id: entry.uri })}
            />
          );
        }}
      />
      {!listing && !error && entries.length === 0 && invalid.length === 0 && (
        <p className="px-2 text-xs text-slate-500">
          The server lists no skills (a listing may be partial: a skill can still be served by its URI).
        </p>
      )}
      {invalid.length > 0 && (
        <section aria-label="Entries not loadable">
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Not loadable</h3>
          <ul className="flex flex-col gap-1">
            {invalid.map((entry) => (
              <li key={entry.index} className="px-2 text-xs">
                <span className="block truncate font-medium">
                  {entry.name ?? entry.uri ?? `entry ${entry.index + 1}`}
                </span>
                <span className="block text-red-700 dark:text-red-400">{entry.problems.join('; ')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
