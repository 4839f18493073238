import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import type { CallEntry } from '../../calls/call-history.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import { CompareDialog } from './compare-dialog.tsx';

/** Shown while calls are picked for comparison: says what is missing, or opens the compare dialog. */
export function CompareBar({ pickedIds, onClear }: { pickedIds: number[]; onClear: () => void }) {
  const { history } = useServices();
  const calls = useStore(history, (s) => s.calls);
  const [open, setOpen] = useState(false);
  const picked = pickedIds
    .map((id) => calls.find((call) => call.id === id))
    .filter((call): call is CallEntry => call !== undefined);
  if (picked.length === 0) return null;

  // Tools with the same name are different tools when the listing had duplicates: compare by key.
  const sameTool =
    picked.length === 2 &&
    (picked[0]!.toolKey ?? picked[0]!.tool) === (picked[1]!.toolKey ?? picked[1]!.tool);
  const hint =
    picked.length < 2
      ? 'Pick one more call of the same tool.'
      : sameTool
        ? ''
        : 'Pick two calls of the same tool.';
  return (
    <div className="flex items-center gap-2 border-b border-slate-100 px-3 py-1.5 text-xs dark:border-slate-800">
      <span className="text-slate-500">{picked.length} of 2 picked.</span>
      {hint && <span className="text-amber-700 dark:text-amber-400">{hint}</span>}
      <button
        type="button"
        className={`${compactButtonClass} ml-auto`}
        disabled={!sameTool}
        onClick={() => setOpen(true)}
      >
        Compare
      </button>
      <button type="button" className={compactButtonClass} onClick={onClear}>
        Clear
      </button>
      {open && sameTool && <CompareDialog calls={[picked[0]!, picked[1]!]} onClose={() => setOpen(false)} />}
    </div>
  );
}
