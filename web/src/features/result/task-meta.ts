/** `_meta` key of a tasks/result answer naming the task it belongs to (2025-11-25). */
export const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';
/** `_meta` key of a CreateTaskResult with a provisional answer for the model (2025-11-25, provisional). */
export const IMMEDIATE_RESPONSE_KEY = 'io.modelcontextprotocol/model-immediate-response';

/** What the task `_meta` of a call says, and where it disagrees with what happened. */
export interface TaskMetaReading {
  /** The task the result says it belongs to. */
  relatedTaskId?: string;
  /** The immediate response the server offered when it created the task. */
  immediateResponse?: string;
  problems: string[];
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/**
 * Reads the task `_meta` of a call: `related-task` in the result (from tasks/result) and
 * `model-immediate-response` in the answer that created the task. A related task that is not the
 * one the call created, or values of the wrong shape, are reported.
 */
export function readTaskMeta(
  resultMeta: unknown,
  createdTask: { taskId: string; meta?: unknown } | undefined,
): TaskMetaReading {
  const problems: string[] = [];
  const reading: TaskMetaReading = { problems };
  const related = record(resultMeta)?.[RELATED_TASK_KEY];
  if (related !== undefined) {
    const taskId = record(related)?.taskId;
    if (typeof taskId === 'string') reading.relatedTaskId = taskId;
    else problems.push(`_meta["${RELATED_TASK_KEY}"] has no taskId string`);
    if (createdTask && typeof taskId === 'string' && taskId !== createdTask.taskId)
      problems.push(`the result names task ${taskId}, but this call created task ${createdTask.taskId}`);
  }
  const immediate = record(createdTask?.meta)?.[IMMEDIATE_RESPONSE_KEY];
  if (typeof immediate === 'string') reading.immediateResponse = immediate;
  else if (immediate !== undefined) problems.push(`_meta["${IMMEDIATE_RESPONSE_KEY}"] is not a string`);
  return reading;
}
