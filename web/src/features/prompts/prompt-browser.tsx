import { useCallback, useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { usePagedList } from '../../ui/paged-list.ts';
import { PagedItems } from '../../ui/paged-items.tsx';
import { PromptRunner } from './prompt-runner.tsx';

/** prompts/list, and prompts/get of a chosen prompt with its arguments. */
export function PromptBrowser() {
  const { session } = useServices();
  const server = useStore(session.state, (s) => s.server);
  const supported = server?.capabilities.prompts !== undefined;
  const fetchPrompts = useCallback(
    (cursor?: string, options?: { fresh?: boolean }) => session.listPage('prompts/list', cursor, options),
    [session],
  );
  const prompts = usePagedList(fetchPrompts, supported ? server : undefined);
  const [selected, setSelected] = useState<Record<string, unknown>>();

  if (!supported) return <p className="p-3 text-sm text-slate-500">This server does not declare prompts.</p>;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2 text-sm">
      <PagedItems
        title="Prompts"
        list={prompts}
        render={(item) => (
          <button
            type="button"
            aria-current={selected === item}
            className="w-full rounded px-1 py-0.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => setSelected(item)}
          >
            <span className="block truncate font-mono">{String(item.name)}</span>
            {typeof item.description === 'string' && (
              <span className="block truncate text-xs text-slate-500">{item.description}</span>
            )}
          </button>
        )}
      />
      {selected && <PromptRunner key={String(selected.name)} prompt={selected} />}
    </div>
  );
}
