import { readTaskMeta, RELATED_TASK_KEY } from './task-meta.ts';
import type { CallEntry } from '../../calls/call-history.ts';
import { JsonBlock, ShowMore } from '../../ui/show-more.tsx';
import { Notice } from './notice.tsx';

/**
 * What the server attached besides the content: the task a task-augmented call created (and its
 * immediate response), the result's `_meta` (with `related-task`), each shown on demand.
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
    </div>
  );
}
