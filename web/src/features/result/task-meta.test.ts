import { describe, expect, it } from 'vitest';
import { IMMEDIATE_RESPONSE_KEY, readTaskMeta, RELATED_TASK_KEY } from './task-meta.ts';

describe('readTaskMeta', () => {
  it('reads related-task and the immediate response', () => {
    expect(
      readTaskMeta(
        { [RELATED_TASK_KEY]: { taskId: 't1' } },
        { taskId: 't1', meta: { [IMMEDIATE_RESPONSE_KEY]: 'working on it' } },
      ),
    ).toEqual({ relatedTaskId: 't1', immediateResponse: 'working on it', problems: [] });
  });

  it('reports a related task that is not the one created, and malformed values', () => {
    expect(readTaskMeta({ [RELATED_TASK_KEY]: { taskId: 'other' } }, { taskId: 't1' }).problems).toEqual([
      'the result names task other, but this call created task t1',
    ]);
    expect(
      readTaskMeta({ [RELATED_TASK_KEY]: 'x' }, { taskId: 't1', meta: { [IMMEDIATE_RESPONSE_KEY]: 5 } })
        .problems,
    ).toHaveLength(2);
    expect(readTaskMeta(undefined, undefined)).toEqual({ problems: [] });
  });
});
