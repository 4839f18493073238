import { useEffect, useRef } from 'react';
import type { CallEntry } from '../../calls/call-history.ts';
import { toDiffText } from './line-diff.ts';
import { OutcomeBadge } from '../result/outcome-badge.tsx';
import { formatTime } from '../trace-panel/describe-frame.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { DiffView } from './diff-view.tsx';

/** What a call produced: its result, or its JSON-RPC error when there was no result. */
function outcomeValue(call: CallEntry): unknown {
  return call.outcome?.result ?? call.outcome?.error;
}

function CallSummary({ call, side }: { call: CallEntry; side: string }) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="text-slate-500">{side}</span>
      <span className="font-mono">#{call.id}</span>
      <span className="text-slate-500">{formatTime(call.startedAt)}</span>
      {call.outcome ? <OutcomeBadge outcome={call.outcome} /> : <span className="ml-auto">running…</span>}
    </div>
  );
}

/** A modal side-by-side diff of two calls of one tool: arguments and results, oldest on the left. */
export function CompareDialog({ calls, onClose }: { calls: [CallEntry, CallEntry]; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [left, right] = [...calls].sort((a, b) => a.startedAt - b.startedAt || a.id - b.id) as [
    CallEntry,
    CallEntry,
  ];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <Dialog
      ref={dialogRef}
      title="Compare results"
      onClose={onClose}
      className="max-h-[90vh] w-[min(72rem,95vw)]"
      titleExtras={
        <>
          {left.displayName && left.displayName !== left.tool && (
            <span className="text-sm text-slate-500">{left.displayName}</span>
          )}
          <span className="font-mono text-sm text-slate-500">{left.tool}</span>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-4">
          <CallSummary call={left} side="Left" />
          <CallSummary call={right} side="Right" />
        </div>
        <DiffView label="Arguments diff" left={toDiffText(left.args)} right={toDiffText(right.args)} />
        <DiffView
          label="Result diff"
          left={toDiffText(outcomeValue(left))}
          right={toDiffText(outcomeValue(right))}
        />
      </div>
    </Dialog>
  );
}
