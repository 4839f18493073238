import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { TracePanel } from './features/trace-panel/trace-panel.tsx';
import { ServerLog } from './features/server-log/server-log.tsx';
import { callsAndLogsTab, SERVER_LOG_TAB } from './features/server-log/server-log-opener.ts';
import { useStore } from './ui/use-store.ts';
import { HistoryPanel } from './features/history/history-panel.tsx';
import { AppHeader } from './features/app-header/app-header.tsx';
import { ApprovalDialog } from './features/approval/approval-dialog.tsx';
import { Tabs } from './ui/tabs.tsx';
import { TasksPanel } from './features/tasks/tasks-panel.tsx';
import { SavedRequestsPanel } from './features/saved-requests/saved-requests-panel.tsx';
import type { Permalink } from './features/permalink/permalink.ts';
import { SplitPane } from './ui/split-pane.tsx';
import { panelClass } from './ui/field-classes.ts';
import { ErrorBoundary } from './ui/error-boundary.tsx';
import { lazyPanel } from './ui/lazy-panel.tsx';
import type { StageEntry } from './features/stage/stage-entry.ts';
import { ServerSurface, StagePane, useWideStage } from './features/stage/server-surface.tsx';
import { toolsEntry } from './features/tool-panel/tools-entry.tsx';
import { resourcesEntry } from './features/resources/resources-entry.tsx';
import { promptsEntry } from './features/prompts/prompts-entry.tsx';
import { chatEntry } from './features/chat/chat-entry.tsx';
import { skillsEntry } from './features/skills/skills-entry.tsx';

// Not on the first screen: their code loads when their tab is first opened.
const ChecksPanel = lazyPanel('the checks', () =>
  import('./features/checks/checks-panel.tsx').then((m) => m.ChecksPanel),
);

/** The left column's tabs, in order, and what each puts on the stage (see docs: stage-api). */
const STAGE_ENTRIES: readonly StageEntry[] = [
  toolsEntry,
  resourcesEntry,
  promptsEntry,
  skillsEntry,
  chatEntry,
];

/**
 * The page layout: connection on top, the server's tools, resources and prompts (and the chat) left, what is
 * picked there on the stage in the middle, trace and history right. Every border between panels can be moved
 * (and the sizes are kept).
 */
export function App({ config, permalink }: { config?: BridgeConfigResponse; permalink?: Permalink }) {
  const wide = useWideStage(STAGE_ENTRIES);
  const right = (
    <SplitPane
      id="calls"
      label="Resize calls and logs"
      direction="column"
      resized="end"
      defaultSize={(available) => available * 0.34}
      bounds={{ min: 96, minOther: 120 }}
      start={
        <ErrorBoundary label="The trace">
          <TracePanel />
        </ErrorBoundary>
      }
      end={<CallsAndLogs />}
    />
  );
  return (
    <div className="flex h-full flex-col">
      <AppHeader config={config} permalink={permalink} />
      <main className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)] p-3">
        <SplitPane
          id="tools"
          label="Resize the tools column"
          direction="row"
          resized="start"
          defaultSize={(available) => Math.min(400, Math.max(300, available * 0.2))}
          bounds={{ min: 180, max: 640, minOther: 660 }}
          start={<ServerSurface entries={STAGE_ENTRIES} />}
          end={
            // A wide stage (the chat) keeps a width of its own beside the trace column, chosen apart.
            <SplitPane
              id={wide ? 'side-wide' : 'side'}
              label="Resize the trace column"
              direction="row"
              resized="end"
              defaultSize={(available) => available * (wide ? 0.4 : 0.47)}
              bounds={{ min: 280, minOther: 360 }}
              start={<StagePane entries={STAGE_ENTRIES} />}
              end={right}
            />
          }
        />
      </main>
      <ApprovalDialog />
    </div>
  );
}

function CallsAndLogs() {
  const tab = useStore(callsAndLogsTab, (s) => s.tab);
  return (
    <div className={panelClass}>
      <Tabs
        label="Calls and logs"
        className="flex-1"
        selected={tab}
        onSelect={(name) => callsAndLogsTab.update({ tab: name })}
        tabs={[
          { name: 'History', content: <HistoryPanel /> },
          { name: 'Saved', content: <SavedRequestsPanel /> },
          { name: 'Tasks', content: <TasksPanel /> },
          { name: 'Checks', content: <ChecksPanel /> },
          { name: SERVER_LOG_TAB, content: <ServerLog /> },
        ]}
      />
    </div>
  );
}
