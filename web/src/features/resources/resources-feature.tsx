import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { panelClass, primaryButtonClass } from '../../ui/field-classes.ts';
import { STAGE_TABS } from '../../calls/stage-selection.ts';
import { runSurfaceCall } from '../../calls/surface-calls.ts';
import type { EmbeddedContents } from '#client/content/content-blocks.ts';
import type { Feature } from '../../feature.ts';
import { StageHeader, StageHint } from '../stage/stage-header.tsx';
import { ResourceContentsView } from '../result/content/resource-contents-view.tsx';
import { ResourceLists } from './resource-lists.tsx';
import { ResourceView } from './resource-view.tsx';
import { TemplateView } from './template-view.tsx';
import { countResourceUpdates, type ResourceUpdate } from './resource-updates.ts';
import type { Store } from '#client/lib/store.ts';

declare module '../../services.ts' {
  interface FeatureServices {
    /** How often each resource was said to be updated, and when last. */
    resourceUpdates: Store<Record<string, ResourceUpdate>>;
  }
}

/** The Resources tab's stage: the picked resource, template, or a resource a result embedded. */
function ResourceStage() {
  const { stage } = useServices();
  const pick = useStore(stage, (s) => s.picks[STAGE_TABS.resources]);
  const listed = pick?.data as Record<string, unknown> | undefined;
  switch (pick?.kind) {
    case 'resource':
      return <ResourceView key={pick.id} uri={pick.id} listed={listed} />;
    case 'template':
      return <TemplateView key={pick.id} uriTemplate={pick.id} listed={listed} />;
    case 'embedded':
      return <EmbeddedView key={pick.id} contents={pick.data as EmbeddedContents} />;
    default:
      return (
        <StageHint label="Resource">
          Select a resource or a resource template on the left to read it here.
        </StageHint>
      );
  }
}

/** A resource a tool result embedded, shown as it came, with a way to read it from the server. */
function EmbeddedView({ contents }: { contents: EmbeddedContents }) {
  const { session, history, stage, replay } = useServices();
  const connected = useStore(session.state, (s) => s.status === 'connected');
  return (
    <section aria-label="Resource" className={`${panelClass} min-h-0`}>
      <StageHeader
        kind="Embedded resource"
        title={contents.title ?? contents.uri}
        id={contents.title ? contents.uri : undefined}
        facts={[contents.mimeType]}
      />
      {!replay && (
        <div className="flex items-center gap-2 px-3 py-2 text-xs text-slate-600 dark:text-slate-400">
          As the tool result embedded it.
          <button
            type="button"
            className={primaryButtonClass}
            disabled={!connected}
            onClick={() => {
              stage.open(STAGE_TABS.resources, { kind: 'resource', id: contents.uri });
              void runSurfaceCall(session, history, {
                method: 'resources/read',
                params: { uri: contents.uri },
              });
            }}
          >
            Read resource
          </button>
        </div>
      )}
      <section
        aria-label="Resource contents"
        className="min-h-0 flex-1 overflow-auto border-t border-slate-200 p-3 dark:border-slate-800"
      >
        <ResourceContentsView contents={contents} />
      </section>
    </section>
  );
}

/** The Resources tab: resources and templates on the left, the one picked on the stage. */
export const resourcesFeature: Feature = {
  name: 'resources',
  services: { key: 'resourceUpdates', create: countResourceUpdates },
  stage: { tab: STAGE_TABS.resources, List: ResourceLists, Stage: ResourceStage },
};
