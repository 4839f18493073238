import type { CallHistory } from './call-history.ts';
import type { Workspace } from './workspace.ts';

/**
 * Picking another tool shows that tool's own last result, or none: the result panel then folds to one
 * line and the tool's form has the column, instead of an older result of another tool squeezing it.
 * (Choosing a call in the history still shows that call, whatever tool is open.) Returns the unsubscribe.
 */
export function resultFollowsTool(workspace: Workspace, history: CallHistory): () => void {
  let shown = workspace.get().selectedTool;
  return workspace.subscribe(() => {
    const key = workspace.get().selectedTool;
    if (key === shown) return;
    shown = key;
    // A call of this tool already shown stays (a replay's tool list follows the call picked in History).
    const { selectedId } = history.get();
    if (selectedId !== undefined && history.find(selectedId)?.toolKey === key) return;
    const calls = history.get().calls;
    let own: number | undefined;
    for (let i = calls.length - 1; i >= 0 && own === undefined; i--)
      if (calls[i]!.toolKey === key) own = calls[i]!.id;
    if (own !== history.get().selectedId) history.select(own);
  });
}
