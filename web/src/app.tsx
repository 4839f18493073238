import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { useServices } from './services.ts';
import { useStore } from './ui/use-store.ts';
import { ToolList } from './features/tool-list/tool-list.tsx';
import { ToolPanel } from './features/tool-panel/tool-panel.tsx';
import { ReplayCallPane } from './features/replay/replay-call-pane.tsx';
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
import { findTool } from '../../client/tools/tool-identity.ts';
import { SplitPane } from './ui/split-pane.tsx';
import { panelClass } from './ui/field-classes.ts';
import { ErrorBoundary } from './ui/error-boundary.tsx';
import { lazyPanel } from './ui/lazy-panel.tsx';
import { formRoom, resultFoldClass } from './features/tool-panel/form-room.ts';
import { useSkills } from './features/skills/use-skill-stage.ts';
import { SkillList } from './features/skills/skill-list.tsx';
import { SkillStage } from './features/skills/skill-stage.tsx';
import type { SkillsBrowser } from './features/skills/skills-browser.ts';

// Not on the first screen: their code loads when their tab is first opened.
const ChecksPanel = lazyPanel('the checks', () =>
  import('./features/checks/checks-panel.tsx').then((m) => m.ChecksPanel),
);
const ChatView = lazyPanel('the chat', () => import('./features/chat/chat-view.tsx').then((m) => m.ChatView));

/**
 * The page layout: connection on top, tools left, call and result in the middle, trace and history right.
 * Every border between panels can be moved (and the sizes are kept); the result stays a one-line strip until
 * there is a result, so a tool's form has the column to itself.
 */
export function App({ config, permalink }: { config?: BridgeConfigResponse; permalink?: Permalink }) {
  const { session, workspace, history, replay } = useServices();
  const tools = useStore(session.state, (s) => s.tools);
  const selectedKey = useStore(workspace, (s) => s.selectedTool);
  const selected = findTool(tools, selectedKey);
  const hasResult = useStore(history, (s) => s.calls.some((call) => call.id === s.selectedId));
  const formExpanded = useStore(formRoom, (s) => s.expanded);
  const skills = useSkills();

  const middle = (
    <SplitPane
      id="result"
      label="Resize the result"
      direction="column"
      resized="end"
      compact={!hasResult || formExpanded}
      defaultSize={(available) => available * 0.58}
      bounds={{ min: 96, minOther: 200 }}
      start={
        <ErrorBoundary label="The tool" resetKey={selected}>
          {replay ? <ReplayCallPane listed={selected} /> : <ToolPanel listed={selected} />}
        </ErrorBoundary>
      }
      end={
        <div className={resultFoldClass(formExpanded)}>
          <ErrorBoundary label="The result">
            <ResultView />
          </ErrorBoundary>
        </div>
      }
    />
  );
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
          defaultSize={(available) => Math.min(400, Math.max(280, available * 0.2))}
          bounds={{ min: 180, max: 640, minOther: 660 }}
          start={<ServerFeatures skills={skills.declared ? skills.browser : undefined} />}
          end={
            <SplitPane
              id="side"
              label="Resize the trace column"
              direction="row"
              resized="end"
              defaultSize={(available) => available * 0.47}
              bounds={{ min: 280, minOther: 360 }}
              start={
                skills.onStage ? (
                  <ErrorBoundary label="The skill">
                    <SkillStage browser={skills.browser} />
                  </ErrorBoundary>
                ) : (
                  middle
                )
              }
              end={right}
            />
          }
        />
      </main>
      <ApprovalDialog />
    </div>
  );
}

function ServerFeatures({ skills }: { skills?: SkillsBrowser }) {
  return (
    <div className={`${panelClass} min-h-0`}>
      <Tabs
        label="Server features"
        className="flex-1"
        dense={skills !== undefined}
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
          // Only when the server declares the Skills extension.
          ...(skills ? [{ name: 'Skills', content: <SkillList browser={skills} /> }] : []),
        ]}
      />
    </div>
  );
}

function CallsAndLogs() {
  return (
    <div className={panelClass}>
      <Tabs
        label="Calls and logs"
        className="flex-1"
        tabs={[
          { name: 'History', content: <HistoryPanel /> },
          { name: 'Saved', content: <SavedRequestsPanel /> },
          { name: 'Tasks', content: <TasksPanel /> },
          { name: 'Checks', content: <ChecksPanel /> },
          { name: 'Server log', content: <ServerLog /> },
          { name: 'Chat', content: <ChatView /> },
        ]}
      />
    </div>
  );
}
