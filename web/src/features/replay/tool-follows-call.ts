import type { CallHistory } from '../../calls/call-history.ts';
import type { Workspace } from '../../calls/workspace.ts';

/**
 * In a replay nothing is typed: the call chosen in History is what the Tool pane shows, so the tool list marks
 * that call's tool. Syncs once at once, then on every change of the chosen call. Returns the
 * unsubscribe.
 */
export function toolFollowsCall(workspace: Workspace, history: CallHistory): () => void {
  let shown: number | undefined;
  const sync = () => {
    const { selectedId } = history.get();
    if (selectedId === shown) return;
    shown = selectedId;
    const key = history.find(selectedId ?? -1)?.toolKey;
    if (key !== undefined && key !== workspace.get().selectedTool) workspace.selectTool(key);
  };
  sync();
  return history.subscribe(sync);
}
