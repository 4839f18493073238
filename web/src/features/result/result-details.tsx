import { useId, useState } from 'react';
import type { CallEntry } from '../../calls/call-history.ts';
import type { MirrorCheck } from './checks/back-compat.ts';
import { MirrorNote } from './checks/result-checks.tsx';
import { hasMetaDetails, ResultMetaDetails } from './result-meta.tsx';

/**
 * What a healthy result has besides its content, one click away (trial 3, finding 12): that the text block mirrors
 * structuredContent, and the `_meta` the server attached. A problem never waits here: it shows above the result.
 * Renders nothing when there is nothing to add.
 */
export function ResultDetails({
  mirror,
  result,
  createdTask,
}: {
  mirror: MirrorCheck | undefined;
  result: Record<string, unknown> | undefined;
  createdTask: CallEntry['createdTask'];
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const mirrored = mirror?.kind === 'mirrors';
  if (!mirrored && !hasMetaDetails(result, createdTask)) return null;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label="Result details"
        className="ml-auto shrink-0 text-xs font-medium text-indigo-600 hover:underline dark:text-indigo-400"
        onClick={() => setOpen(!open)}
      >
        Details <span aria-hidden>{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <div id={id} className="flex basis-full flex-col gap-1 text-xs">
          {mirrored && <MirrorNote mirror={mirror} />}
          <ResultMetaDetails result={result} createdTask={createdTask} />
        </div>
      )}
    </>
  );
}
