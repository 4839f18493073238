import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { HistoryRow } from './history-row.tsx';
import { CompareBar } from '../compare/compare-bar.tsx';

/** Every call of this page, newest first: status, duration; select to see the result, re-run, edit, copy. */
export function HistoryPanel() {
  const { history } = useServices();
  const calls = useStore(history, (s) => s.calls);
  const selectedId = useStore(history, (s) => s.selectedId);
  // Kept in the history, so the picks outlive a switch to another tab.
  const pickedIds = useStore(history, (s) => s.comparePicks);
  if (!calls.length) return <p className="p-3 text-sm text-slate-500">No calls yet.</p>;
  return (
    <>
      <CompareBar pickedIds={pickedIds} onClear={() => history.clearPicks()} />
      <ol aria-label="Call history" className="min-h-0 flex-1 overflow-y-auto">
        {[...calls].reverse().map((call) => (
          <HistoryRow
            key={call.id}
            call={call}
            selected={call.id === selectedId}
            picked={pickedIds.includes(call.id)}
            onTogglePick={(id) => history.togglePick(id)}
          />
        ))}
      </ol>
    </>
  );
}
