import { useState } from 'react';
import type { BridgeConfigResponse } from '../../shared/api-types.ts';
import { useServices } from './session-context.tsx';
import { useStore } from './hooks/use-store.ts';
import { ConnectionBar } from './components/connection-bar/connection-bar.tsx';
import { ServerInfo } from './components/server-info/server-info.tsx';
import { ToolList } from './components/tool-list/tool-list.tsx';
import { ToolPanel } from './components/tool-panel/tool-panel.tsx';
import { ResultView } from './components/result-view/result-view.tsx';
import { TracePanel } from './components/trace-panel/trace-panel.tsx';
import { ServerLog } from './components/server-log/server-log.tsx';

/** The page layout: connection on top, tools left, call and result in the middle, trace right. */
export function App({ config }: { config: BridgeConfigResponse }) {
  const { session } = useServices();
  const tools = useStore(session.state, (s) => s.tools);
  const [selectedName, setSelectedName] = useState<string>();
  const selected = tools.find((tool) => tool.name === selectedName);

  return (
    <div className="flex h-full flex-col">
      <header className="flex flex-col gap-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex items-center gap-3">
          <h1 className="flex items-center gap-2 text-base font-bold tracking-tight">
            <img src="/favicon.svg" alt="" className="h-5 w-5" />
            Toolscope
          </h1>
          <ServerInfo />
        </div>
        <ConnectionBar initialTarget={config.initialTarget} />
      </header>
      <main className="grid min-h-0 flex-1 grid-cols-[260px_minmax(0,1fr)_minmax(0,0.9fr)] gap-3 p-3">
        <ToolList selected={selectedName} onSelect={setSelectedName} />
        <div className="grid min-h-0 grid-rows-[minmax(0,1fr)_minmax(0,1.2fr)] gap-3">
          <ToolPanel tool={selected} />
          <ResultView />
        </div>
        <div className="grid min-h-0 grid-rows-[minmax(0,2fr)_minmax(0,1fr)] gap-3">
          <TracePanel />
          <ServerLog />
        </div>
      </main>
    </div>
  );
}
