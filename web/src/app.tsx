import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { useServices } from './services.ts';
import { useStore } from './ui/use-store.ts';
import { ToolList } from './features/tool-list/tool-list.tsx';
import { ToolPanel } from './features/tool-panel/tool-panel.tsx';
import { ResultView } from './features/result/result-view.tsx';
import { TracePanel } from './features/trace-panel/trace-panel.tsx';
import { ServerLog } from './features/server-log/server-log.tsx';
import { HistoryPanel } from './features/history/history-panel.tsx';
import { AppHeader } from './features/app-header/app-header.tsx';
import { ApprovalDialog } from './features/approval/approval-dialog.tsx';
import { Tabs } from './ui/tabs.tsx';
import { ResourceBrowser } from './features/resources/resource-browser.tsx';
import { PromptBrowser } from './features/prompts/prompt-browser.tsx';
import { TasksPanel } from './features/tasks/tasks-panel.tsx';
import { SavedRequestsPanel } from './features/saved-requests/saved-requests-panel.tsx';
import type { Permalink } from './features/permalink/permalink.ts';
import { findTool } from './mcp/tool-identity.ts';

import { panelClass } from './ui/field-classes.ts';
import { ErrorBoundary } from './ui/error-boundary.tsx';

/** The page layout: connection on top, tools left, call and result in the middle, trace and history right. */
export function App({ config, permalink }: { config?: BridgeConfigResponse; permalink?: Permalink }) {
  const { session, workspace } = useServices();
  const tools = useStore(session.state, (s) => s.tools);
  const selectedKey = useStore(workspace, (s) => s.selectedTool);
  const selected = findTool(tools, selectedKey);

  return (
    <div className="flex h-full flex-col">
      <AppHeader config={config} permalink={permalink} />
      <main className="grid min-h-0 flex-1 grid-cols-[260px_minmax(0,1fr)_minmax(0,0.9fr)] gap-3 p-3">
        <div className={`${panelClass} min-h-0`}>
          <Tabs
            label="Server features"
            className="flex-1"
            tabs={[
              {
                name: 'Tools',
                content: (
                  <ErrorBoundary label="The tool list">
                    <ToolList />
                  </ErrorBoundary>
                ),
              },
              { name: 'Resources', content: <ResourceBrowser /> },
              { name: 'Prompts', content: <PromptBrowser /> },
            ]}
          />
        </div>

        <div className="grid min-h-0 min-w-0 grid-cols-1 grid-rows-[minmax(0,1.25fr)_minmax(0,1fr)] gap-3">
          <ErrorBoundary label="The tool" resetKey={selected}>
            <ToolPanel listed={selected} />
          </ErrorBoundary>
          <ErrorBoundary label="The result">
            <ResultView />
          </ErrorBoundary>
        </div>
        <div className="grid min-h-0 min-w-0 grid-cols-1 grid-rows-[minmax(0,1.4fr)_minmax(0,1fr)] gap-3">
          <ErrorBoundary label="The trace">
            <TracePanel />
          </ErrorBoundary>
          <div className={panelClass}>
            <Tabs
              label="Calls and logs"
              className="flex-1"
              tabs={[
                { name: 'History', content: <HistoryPanel /> },
                { name: 'Saved', content: <SavedRequestsPanel /> },
                { name: 'Tasks', content: <TasksPanel /> },
                { name: 'Server log', content: <ServerLog /> },
              ]}
            />
          </div>
        </div>
      </main>
      <ApprovalDialog />
    </div>
  );
}
