import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { SplitPane } from '../../ui/split-pane.tsx';
import { ErrorBoundary } from '../../ui/error-boundary.tsx';
import { findTool } from '#client/tools/tool-identity.ts';
import { STAGE_TABS } from '../../calls/stage-selection.ts';
import { shownToolCall } from '../../calls/call-history.ts';
import type { Feature } from '../../feature.ts';
import { ToolList } from '../tool-list/tool-list.tsx';
import { ReplayCallPane } from '../replay/replay-call-pane.tsx';
import { ResultView } from '../result/result-view.tsx';
import { ToolPanel } from './tool-panel.tsx';
import { formRoom, resultFoldClass } from './form-room.ts';

/** The form's height beside a new result, before the user moves the separator. */
const FORM_ROOM_AFTER_RESULT = 380;
/** The least the form keeps: its header, a few fields and the Call tool line. */
const FORM_MIN = 320;

/**
 * The selected tool on the stage: its form above, the Result below. The result stays a one-line strip until
 * there is a result, so a tool's form has the column to itself.
 */
function ToolStage() {
  const { session, workspace, history, replay } = useServices();
  const tools = useStore(session.state, (s) => s.tools);
  const selectedKey = useStore(workspace, (s) => s.selectedTool);
  const selected = findTool(tools, selectedKey);
  const hasResult = useStore(history, (s) => shownToolCall(s, selectedKey) !== undefined);
  const formExpanded = useStore(formRoom, (s) => s.expanded);
  return (
    <SplitPane
      id="result"
      label="Resize the result"
      direction="column"
      resized="end"
      compact={!hasResult || formExpanded}
      // The form keeps room for several whole fields after a result (at 1280x800 it was squeezed to one); the
      // Result takes the rest, and "Expand form" or the separator give either side more.
      defaultSize={(available) => Math.min(available * 0.58, available - FORM_ROOM_AFTER_RESULT)}
      bounds={{ min: 96, minOther: FORM_MIN }}
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
}

/** The Tools tab: the tool list on the left, the selected tool and its result on the stage. */
export const toolsFeature: Feature = {
  name: 'tools',
  stage: { tab: STAGE_TABS.tools, List: ToolList, Stage: ToolStage },
};
