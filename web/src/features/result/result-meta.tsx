import { readTaskMeta, RELATED_TASK_KEY } from './task-meta.ts';
import type { CallEntry } from '../../calls/call-history.ts';
import { JsonBlock, ShowMore } from '../../ui/show-more.tsx';
import { Notice } from './notice.tsx';

/**
 * What the server attached besides the content, in a line above it: the task a task-augmented call created (and
 * its immediate response), and any problem with the task's `_meta`. The `_meta` itself waits behind the Result's
 * "Details" ({@link ResultMetaDetails}).
 */
export function ResultMeta({
  result,
  createdTask,
}: {
  result: Record<string, unknown> | undefined;
  createdTask: CallEntry['createdTask'];
}) {
  const meta = result?._meta;
  if (meta === undefined && !createdTask) return null;
  const reading = readTaskMeta(meta, createdTask);
  if (!createdTask && reading.immediateResponse === undefined && !reading.problems.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      {createdTask && (
        <p>
          Run as task <span className="font-mono">{createdTask.taskId}</span>
          {reading.relatedTaskId === createdTask.taskId &&
            ` (the result names it in _meta "${RELATED_TASK_KEY}")`}
        </p>
      )}
      {reading.immediateResponse !== undefined && (
        <p>
          Immediate response offered when the task was created:{' '}
          <span className="italic">{reading.immediateResponse}</span>
        </p>
      )}
      {reading.problems.map((problem) => (
        <Notice key={problem} compact kind="warning" title={`Task _meta: ${problem}`} />
      ))}
    </div>
  );
}

/** Whether the result has a `_meta` to show on demand. */
export function hasMetaDetails(
  result: Record<string, unknown> | undefined,
  createdTask: CallEntry['createdTask'],
): boolean {
  return result?._meta !== undefined || createdTask?.meta !== undefined;
}

/** The result's `_meta` (with `related-task`) and the task creation's, each shown on demand. */
export function ResultMetaDetails({
  result,
  createdTask,
}: {
  result: Record<string, unknown> | undefined;
  createdTask: CallEntry['createdTask'];
}) {
  const meta = result?._meta;
  return (
    <>
      {meta !== undefined && (
        <ShowMore label="result _meta">
          <JsonBlock value={meta} label="Result _meta" />
        </ShowMore>
      )}
      {createdTask?.meta !== undefined && (
        <ShowMore label="task creation _meta">
          <JsonBlock value={createdTask.meta} label="Task creation _meta" />
        </ShowMore>
      )}
    </>
  );
}
