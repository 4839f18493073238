import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import type { CallEntry } from '../../calls/call-history.ts';

/**
 * The Result header's word on what it shows: each tool keeps its own last result, so choosing
 * another tool changes the Result. Without a call it says why it is empty; with the selected tool's newest call it
 * says that this is that tool's last result.
 */
export function ResultHint({ call }: { call: CallEntry | undefined }) {
  const { history, workspace, replay } = useServices();
  const selectedTool = useStore(workspace, (s) => s.selectedTool);
  const otherCalls = useStore(history, (s) => s.calls.length > 0);
  const newestOfTool = useStore(history, (s) => {
    for (let i = s.calls.length - 1; i >= 0; i--)
      if (s.calls[i]!.toolKey === selectedTool) return s.calls[i]!.id;
    return undefined;
  });
  if (!call) {
    // A replay makes no calls: its results are the recorded ones.
    const why = replay
      ? otherCalls
        ? 'Choose a call in History to see its result.'
        : 'No call in this recording yet.'
      : selectedTool !== undefined && otherCalls
        ? 'No result for this tool yet: each tool shows its own last result.'
        : 'Call a tool to see its result here.';
    return <span className="font-normal text-slate-500">{why}</span>;
  }
  if (call.id !== newestOfTool || history.get().calls.at(-1)?.id === call.id) return null;
  return (
    <span
      className="shrink-0 text-xs font-normal text-slate-500"
      title="Each tool keeps its last result: choosing another tool shows that tool's own."
    >
      last result of this tool
    </span>
  );
}
