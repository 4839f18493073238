import { useServices } from '../../../services.ts';
import { STAGE_TABS } from '../../../calls/stage-selection.ts';
import { runSurfaceCall } from '../../../calls/surface-calls.ts';
import type { EmbeddedContents } from '#client/content/content-blocks.ts';
import { smallButtonClass } from '../result-classes.ts';

/**
 * Opens a resource a result names on the stage's Resources tab: a link is read there (a call in History),
 * an embedded resource is shown there as it came, with a way to read it from the server.
 */
export function OpenInResources({
  uri,
  title,
  embedded,
}: {
  uri: string;
  title?: string;
  embedded?: EmbeddedContents;
}) {
  const { stage, session, history, replay } = useServices();
  // A replay has no server to read from; an embedded resource still opens.
  if (replay && !embedded) return null;
  const open = () => {
    if (embedded) return stage.open(STAGE_TABS.resources, { kind: 'embedded', id: uri, data: embedded });
    stage.open(STAGE_TABS.resources, {
      kind: 'resource',
      id: uri,
      data: title === undefined ? undefined : { title },
    });
    void runSurfaceCall(session, history, { method: 'resources/read', params: { uri }, title });
  };
  return (
    <button
      type="button"
      className={smallButtonClass}
      title="Opens it in the centre pane, under the Resources tab"
      onClick={open}
    >
      Show in Resources
    </button>
  );
}
