import { useCallback, useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { usePagedList } from '../../ui/paged-list.ts';
import { PagedItems } from '../../ui/paged-items.tsx';
import { ResourceContents } from './resource-contents.tsx';

/** resources/list and resources/templates/list, with resources/read of a chosen resource. */
export function ResourceBrowser() {
  const { session } = useServices();
  const server = useStore(session.state, (s) => s.server);
  const supported = server?.capabilities.resources !== undefined;
  const fetchResources = useCallback(
    (cursor?: string, options?: { fresh?: boolean }) => session.listPage('resources/list', cursor, options),
    [session],
  );
  const fetchTemplates = useCallback(
    (cursor?: string, options?: { fresh?: boolean }) =>
      session.listPage('resources/templates/list', cursor, options),
    [session],
  );
  const resources = usePagedList(fetchResources, supported ? server : undefined);
  const templates = usePagedList(fetchTemplates, supported ? server : undefined);
  const [reading, setReading] = useState<string>();

  if (!supported)
    return <p className="p-3 text-sm text-slate-500">This server does not declare resources.</p>;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2 text-sm">
      <PagedItems
        title="Resources"
        list={resources}
        render={(item) => (
          <button
            type="button"
            className="w-full truncate rounded px-1 py-0.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            title={String(item.uri)}
            onClick={() => setReading(String(item.uri))}
          >
            <span className="block truncate">{String(item.title ?? item.name ?? item.uri)}</span>
            <span className="block truncate font-mono text-xs text-slate-500">{String(item.uri)}</span>
          </button>
        )}
      />
      <PagedItems
        title="Templates"
        list={templates}
        render={(item) => (
          <div className="px-1 py-0.5" title={String(item.description ?? '')}>
            <span className="block truncate">{String(item.title ?? item.name)}</span>
            <span className="block truncate font-mono text-xs text-slate-500">
              {String(item.uriTemplate)}
            </span>
          </div>
        )}
      />
      {reading && <ResourceContents key={reading} uri={reading} onClose={() => setReading(undefined)} />}
    </div>
  );
}
