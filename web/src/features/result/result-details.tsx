import type { CallEntry } from '../../calls/call-history.ts';
import type { MirrorCheck } from '#client/checks/back-compat.ts';
import { MirrorNote } from './output-validation/output-notices.tsx';
import { hasMetaDetails, ResultMetaDetails } from './result-meta.tsx';

/** What {@link ResultDetailsPanel} shows, and whether there is any. */
interface DetailsContent {
  mirror: MirrorCheck | undefined;
  result: Record<string, unknown> | undefined;
  createdTask: CallEntry['createdTask'];
}

/** Whether a result has details to show on demand (the text mirror, a `_meta`). */
export function hasResultDetails({ mirror, result, createdTask }: DetailsContent): boolean {
  return mirror?.kind === 'mirrors' || hasMetaDetails(result, createdTask);
}

/**
 * The "Details" toggle, on the right of the Rendered/Raw JSON tab line (alone on a row of its own it would waste
 * the height of one).
 */
export function ResultDetailsButton({
  open,
  controls,
  onToggle,
}: {
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-label="Result details"
      className="absolute top-0 right-3 py-2 text-xs leading-5 font-medium text-indigo-600 hover:underline dark:text-indigo-400"
      onClick={onToggle}
    >
      Details <span aria-hidden>{open ? '▴' : '▾'}</span>
    </button>
  );
}

/**
 * What a healthy result has besides its content, one click away: that the text block mirrors
 * structuredContent, and the `_meta` the server attached. A problem never waits here: it shows above the result.
 */
export function ResultDetailsPanel({ id, mirror, result, createdTask }: DetailsContent & { id: string }) {
  return (
    <div id={id} className="flex basis-full flex-col gap-1 text-xs">
      {mirror?.kind === 'mirrors' && <MirrorNote mirror={mirror} />}
      <ResultMetaDetails result={result} createdTask={createdTask} />
    </div>
  );
}
