import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { PagedItems } from '../../ui/paged-items.tsx';
import { STAGE_TABS } from '../../calls/stage-selection.ts';
import { useSurfaceList } from '../stage/use-surface-list.ts';
import { SurfaceItem } from '../stage/surface-item.tsx';

/**
 * The Resources tab's lists: resources/list and resources/templates/list, page by page, refreshed when the
 * server says they changed. Picking one opens it on the stage; nothing is read until asked.
 */
export function ResourceLists() {
  const { session, stage, resourceUpdates } = useServices();
  const resources = useSurfaceList('resources/list', 'resources');
  const templates = useSurfaceList('resources/templates/list', 'resources');
  const pick = useStore(stage, (s) => s.picks[STAGE_TABS.resources]);
  const subscribed = useStore(session.state, (s) => s.resourceSubscriptions);
  const updates = useStore(resourceUpdates, (s) => s);
  if (!resources.declared && resources.items.length === 0)
    return <p className="p-3 text-sm text-slate-500">This server does not declare resources.</p>;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2 text-sm">
      <PagedItems
        title="Resources"
        list={resources}
        render={(item) => {
          const uri = String(item.uri);
          const title = String(item.title ?? item.name ?? item.uri);
          const count = updates[uri]?.count;
          return (
            <SurfaceItem
              title={title}
              detail={uri}
              current={pick?.kind === 'resource' && pick.id === uri}
              badge={
                subscribed.includes(uri) && (
                  <span
                    className="rounded-full bg-emerald-100 px-1.5 text-[10px] font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
                    title="Subscribed: its updates show on the stage"
                  >
                    {count ? `${count} update${count === 1 ? '' : 's'}` : 'subscribed'}
                  </span>
                )
              }
              onPick={() => stage.open(STAGE_TABS.resources, { kind: 'resource', id: uri, data: item })}
            />
          );
        }}
      />
      <PagedItems
        title="Resource templates"
        list={templates}
        render={(item) => {
          const template = String(item.uriTemplate);
          return (
            <SurfaceItem
              title={String(item.title ?? item.name ?? template)}
              detail={template}
              current={pick?.kind === 'template' && pick.id === template}
              onPick={() => stage.open(STAGE_TABS.resources, { kind: 'template', id: template, data: item })}
            />
          );
        }}
      />
    </div>
  );
}
