import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { panelClass } from '../../ui/field-classes.ts';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import type { StageEntry } from '../../feature.ts';
import { openEntry, shownEntries } from './stage-entry.ts';

/**
 * The left column: one tab per entry the server has something for (its tools, resources, prompts…) and the
 * chat. The open tab is the stage selection's, so the centre pane shows what this column picked.
 */
export function ServerSurface({ entries }: { entries: readonly StageEntry[] }) {
  const { session, stage } = useServices();
  const server = useStore(session.state, (s) => s.server);
  const tab = useStore(stage, (s) => s.tab);
  const shown = shownEntries(entries, server);
  const open = openEntry(shown, tab);
  return (
    <div className={`${panelClass} min-h-0`}>
      <Tabs
        label="Server features"
        className="flex-1"
        // Five tabs share a 300 px column at 1280: packed closer than the page's other tab rows.
        compact
        selected={open?.tab}
        onSelect={(name) => stage.showTab(name)}
        tabs={shown.map((entry) => ({
          name: entry.tab,
          content: (
            <ErrorBoundary label={`The ${entry.tab} list`}>
              <entry.List />
            </ErrorBoundary>
          ),
        }))}
      />
    </div>
  );
}

/** The centre pane: the open tab's stage view (a tool's form and result, a resource, a prompt, the chat). */
export function StagePane({ entries }: { entries: readonly StageEntry[] }) {
  const { session, stage } = useServices();
  const server = useStore(session.state, (s) => s.server);
  const tab = useStore(stage, (s) => s.tab);
  const open = openEntry(shownEntries(entries, server), tab);
  if (!open) return null;
  return (
    <ErrorBoundary label={`The ${open.tab} stage`} resetKey={open.tab}>
      <open.Stage />
    </ErrorBoundary>
  );
}

/** Whether the open tab's stage wants the wide layout (see StageEntry.wide). */
export function useWideStage(entries: readonly StageEntry[]): boolean {
  const { session, stage } = useServices();
  const server = useStore(session.state, (s) => s.server);
  const tab = useStore(stage, (s) => s.tab);
  return openEntry(shownEntries(entries, server), tab)?.wide === true;
}
