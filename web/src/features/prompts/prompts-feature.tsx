import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { PagedItems } from '../../ui/paged-items.tsx';
import { STAGE_TABS } from '../../calls/stage-selection.ts';
import type { Feature } from '../../feature.ts';
import { StageHint } from '../stage/stage-header.tsx';
import { SurfaceItem } from '../stage/surface-item.tsx';
import { useSurfaceList } from '../stage/use-surface-list.ts';
import { PromptView } from './prompt-view.tsx';

/** The Prompts tab's list: prompts/list page by page, refreshed when the server says it changed. */
function PromptList() {
  const { stage } = useServices();
  const prompts = useSurfaceList('prompts/list', 'prompts');
  const pick = useStore(stage, (s) => s.picks[STAGE_TABS.prompts]);
  if (!prompts.declared && prompts.items.length === 0)
    return <p className="p-3 text-sm text-slate-500">This server does not declare prompts.</p>;
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-2 text-sm">
      <PagedItems
        title="Prompts"
        list={prompts}
        render={(item) => {
          const name = String(item.name);
          const title = typeof item.title === 'string' ? item.title : name;
          return (
            <SurfaceItem
              title={title}
              mono={title === name}
              detail={
                typeof item.description === 'string' ? item.description : title === name ? undefined : name
              }
              detailMono={typeof item.description !== 'string'}
              current={pick?.id === name}
              onPick={() =>
                stage.open(STAGE_TABS.prompts, { kind: 'prompt', id: name, data: { listed: item } })
              }
            />
          );
        }}
      />
    </div>
  );
}

/** The Prompts tab's stage: the picked prompt. */
function PromptStage() {
  const { stage } = useServices();
  const pick = useStore(stage, (s) => s.picks[STAGE_TABS.prompts]);
  if (!pick)
    return (
      <StageHint label="Prompt">Select a prompt on the left to fill its arguments and get it here.</StageHint>
    );
  const data = (pick.data ?? {}) as { listed?: Record<string, unknown>; args?: unknown };
  return (
    <PromptView
      key={`${pick.id} ${JSON.stringify(data.args ?? null)}`}
      name={pick.id}
      listed={data.listed}
      args={data.args}
    />
  );
}

/** The Prompts tab: prompts on the left, the one picked on the stage. */
export const promptsFeature: Feature = {
  name: 'prompts',
  stage: { tab: STAGE_TABS.prompts, List: PromptList, Stage: PromptStage },
};
