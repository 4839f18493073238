import { useDeferredValue, useMemo, useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { inputClass } from '../../ui/field-classes.ts';
import { VirtualList } from '../../ui/virtual-list.tsx';
import { ToolRow, TOOL_ROW_HEIGHT } from './tool-row.tsx';
import { listTools, type ListedTool, displayName } from '#client/tools/tool-identity.ts';
import { knownRevision } from '#client/era/protocol-revisions.ts';
import { useTrustedServer } from './use-trusted.ts';
import { ListFreshnessNote } from '../../ui/list-freshness.tsx';
import { ExcludedTools } from './excluded-tools.tsx';
import { describeTarget, type ServerTarget } from '#shared/targets.ts';

/** The server's tools with a filter; selecting one opens it in the tool panel. */
export function ToolList() {
  const { session, workspace, replay } = useServices();
  const tools = useStore(session.state, (s) => s.tools);
  const loading = useStore(session.state, (s) => s.toolsLoading);
  const error = useStore(session.state, (s) => s.toolsError);
  const freshness = useStore(session.state, (s) => s.toolsFreshness);
  const excluded = useStore(session.state, (s) => s.excludedTools);
  const selected = useStore(workspace, (s) => s.selectedTool);
  const revision = useStore(session.state, (s) => knownRevision(s.server?.protocolVersion));
  const trusted = useTrustedServer();
  // Disconnected, the list is what the last connection listed: say so, and claim no freshness.
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const connecting = useStore(session.state, (s) => s.status === 'connecting');
  const stale = !replay && !connected && !connecting && tools.length > 0;
  // While connecting, or while the first listing runs, "0 tools" would be a claim: say what is happening.
  const waiting = !replay && tools.length === 0 && (connecting || (connected && loading));
  const [filter, setFilter] = useState('');
  // A filter typed for one server means nothing for another: clear it when the target changes,
  // but keep it across a reconnect to the same target (a disconnect keeps the target).
  const targetKey = useStore(session.state, (s) => (s.target ? targetIdentity(s.target) : undefined));
  const [filterTarget, setFilterTarget] = useState(targetKey);
  if (targetKey !== undefined && targetKey !== filterTarget) {
    setFilterTarget(targetKey);
    if (filterTarget !== undefined) setFilter('');
  }
  const deferredFilter = useDeferredValue(filter);
  const listed = listTools(tools);
  const shown = useMemo(() => filterTools(listed, deferredFilter), [listed, deferredFilter]);
  const duplicates = useMemo(
    () => [...new Set(listed.filter((entry) => entry.sameName > 1).map((entry) => entry.nameText))],
    [listed],
  );

  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label="Tool browser">
      <div className="flex items-center gap-2 px-3 pt-2 text-xs whitespace-nowrap text-slate-500">
        {waiting ? (
          <span aria-busy="true">{connecting ? 'Connecting…' : 'Listing tools…'}</span>
        ) : (
          <span>
            {shown.length === tools.length ? tools.length : `${shown.length} of ${tools.length}`} tools
          </span>
        )}
        {!replay && connecting && tools.length > 0 && <span>reconnecting…</span>}
        {/* Compact, so that Refresh stays inside the Tools pane at 1280. */}
        {!replay && connected && <ListFreshnessNote freshness={freshness} compact />}
        {stale && (
          <span role="note" className="text-amber-700 dark:text-amber-400">
            from the last connection
          </span>
        )}
        {!replay && connected && (
          <button
            type="button"
            className="ml-auto shrink-0 text-xs font-normal text-indigo-600 hover:underline dark:text-indigo-400"
            title="List the tools again from the server, whatever the cache says"
            onClick={() => void session.refreshTools({ fresh: true })}
          >
            {loading ? 'Listing…' : 'Refresh'}
          </button>
        )}
      </div>
      <div className="p-2">
        <input
          className={inputClass}
          type="search"
          aria-label="Filter tools"
          placeholder="Filter tools"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="px-3 pb-2 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <ExcludedTools excluded={excluded} />
      {duplicates.length > 0 && (
        <p className="px-3 pb-2 text-xs text-amber-700 dark:text-amber-400">
          ⚠ Duplicate tool names: {duplicates.slice(0, 5).join(', ')} (each is listed, marked and callable)
        </p>
      )}
      {shown.length === 0 && tools.length > 0 && deferredFilter.trim() !== '' && (
        <p className="flex items-center gap-2 px-3 pb-2 text-xs text-slate-600 dark:text-slate-300">
          <span>No tool matches "{deferredFilter.trim()}"</span>
          <button
            type="button"
            className="text-indigo-600 hover:underline dark:text-indigo-400"
            onClick={() => setFilter('')}
          >
            Clear filter
          </button>
        </p>
      )}
      <VirtualList
        label="Tools"
        className="flex-1 px-1 pb-2"
        items={shown}
        rowHeight={TOOL_ROW_HEIGHT}
        revealIndex={shown.findIndex((entry) => entry.key === selected)}
        renderRow={(entry: ListedTool) => (
          <ToolRow
            key={entry.key}
            listed={entry}
            selected={entry.key === selected}
            trusted={trusted}
            revision={revision}
            onSelect={() => workspace.selectTool(entry.key)}
          />
        )}
      />
    </section>
  );
}

/** What makes two targets the same server for the filter: transport, command or URL, and arguments. */
export function targetIdentity(target: ServerTarget): string {
  return `${target.transport} ${describeTarget(target)}`;
}

/** Tools whose name, display name, title or description contains the filter text (case-insensitive). */
export function filterTools(tools: ListedTool[], filter: string): ListedTool[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return tools;
  const has = (value: unknown) => typeof value === 'string' && value.toLowerCase().includes(needle);
  return tools.filter(
    ({ tool, nameText }) =>
      has(nameText) || has(displayName(tool).text) || has(tool.title) || has(tool.description),
  );
}
