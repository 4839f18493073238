import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { TracePanel } from './features/trace-panel/trace-panel.tsx';
import { callsAndLogsTab } from './features/server-log/server-log-opener.ts';
import { useStore } from './ui/use-store.ts';
import { AppHeader } from './features/app-header/app-header.tsx';
import { ApprovalDialog } from './features/approval/approval-dialog.tsx';
import { Tabs } from './ui/tabs.tsx';
import type { Permalink } from './features/permalink/permalink.ts';
import { SplitPane } from './ui/split-pane.tsx';
import { panelClass } from './ui/field-classes.ts';
import { ErrorBoundary } from './ui/error-boundary.tsx';
import { sideTabs, stageEntries, type Feature } from './feature.ts';
import { ServerSurface, StagePane, useWideStage } from './features/stage/server-surface.tsx';
import { toolsFeature } from './features/tool-panel/tools-feature.tsx';
import { resourcesFeature } from './features/resources/resources-feature.tsx';
import { promptsFeature } from './features/prompts/prompts-feature.tsx';
import { chatFeature } from './features/chat/chat-feature.tsx';
import { skillsFeature } from './features/skills/skills-feature.tsx';
import { historyFeature } from './features/history/history-feature.ts';
import { savedRequestsFeature } from './features/saved-requests/saved-requests-feature.ts';
import { tasksFeature } from './features/tasks/tasks-feature.ts';
import { checksFeature } from './features/checks/checks-feature.ts';
import { serverLogFeature } from './features/server-log/server-log-feature.ts';
import { serverRequestsFeature } from './features/server-requests/server-requests-feature.ts';
import { appsFeature } from './features/apps/apps.ts';

/**
 * The page's features (the feature interface: web/src/feature.ts). Their stage tabs are the left column's, in
 * this order; their side tabs the calls and logs column's, in this order; their services are built for every
 * session, live or replay, in this order.
 */
export const FEATURES: readonly Feature[] = [
  toolsFeature,
  resourcesFeature,
  promptsFeature,
  skillsFeature,
  chatFeature,
  historyFeature,
  savedRequestsFeature,
  tasksFeature,
  checksFeature,
  serverLogFeature,
  serverRequestsFeature,
  appsFeature,
];

const STAGE_ENTRIES = stageEntries(FEATURES);
const SIDE_TABS = sideTabs(FEATURES);

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
        tabs={SIDE_TABS.map(({ tab, Panel }) => ({ name: tab, content: <Panel /> }))}
      />
    </div>
  );
}
