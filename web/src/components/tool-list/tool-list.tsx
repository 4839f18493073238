import { useDeferredValue, useMemo, useState } from 'react';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';
import { inputClass, panelClass, panelHeaderClass } from '../ui/field-classes.ts';

/** The server's tools with a filter; selecting one opens it in the tool panel. */
export function ToolList({
  selected,
  onSelect,
}: {
  selected: string | undefined;
  onSelect: (name: string) => void;
}) {
  const { session } = useServices();
  const tools = useStore(session.state, (s) => s.tools);
  const loading = useStore(session.state, (s) => s.toolsLoading);
  const error = useStore(session.state, (s) => s.toolsError);
  const [filter, setFilter] = useState('');
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(() => filterTools(tools, deferredFilter), [tools, deferredFilter]);

  return (
    <section className={`${panelClass} h-full`} aria-label="Tool browser">
      <div className={panelHeaderClass}>
        Tools
        <span className="rounded-full bg-slate-200 px-2 text-xs font-medium dark:bg-slate-800">
          {shown.length === tools.length ? tools.length : `${shown.length} / ${tools.length}`}
        </span>
        <button
          type="button"
          className="ml-auto text-xs font-normal text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={() => void session.refreshTools()}
        >
          {loading ? 'Listing…' : 'Refresh'}
        </button>
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
      <ul aria-label="Tools" className="min-h-0 flex-1 overflow-y-auto px-1 pb-2">
        {shown.map((tool, index) => (
          <li key={`${index}:${tool.name}`}>
            <button
              type="button"
              aria-current={tool.name === selected}
              onClick={() => onSelect(tool.name)}
              className={`w-full rounded-md px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800 ${
                tool.name === selected
                  ? 'bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950 dark:ring-indigo-800'
                  : ''
              }`}
            >
              <span className="block truncate font-mono text-sm">{tool.name}</span>
              {tool.title && <span className="block truncate text-xs text-slate-500">{tool.title}</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function filterTools(tools: Tool[], filter: string): Tool[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return tools;
  return tools.filter(
    (tool) =>
      tool.name.toLowerCase().includes(needle) ||
      (typeof tool.title === 'string' && tool.title.toLowerCase().includes(needle)) ||
      (typeof tool.description === 'string' && tool.description.toLowerCase().includes(needle)),
  );
}
