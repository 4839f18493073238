import type { CallToolResult } from '@modelcontextprotocol/client';
import type { CallOutcome } from './session-types.ts';

/**
 * How a call ended, from what the server answered. One set of rules for every place that learns an
 * answer: the live session, the task tracker and a replay's frames, so a result is judged the same way
 * whether it was made now or is read back from a recording.
 */

/** A tools/call (or tasks/result) result: a tool error when it says `isError: true`, else ok. */
export function resultOutcome(result: CallToolResult, durationMs: number): CallOutcome {
  return { status: result.isError === true ? 'tool-error' : 'ok', result, durationMs };
}

/** A JSON-RPC error answer as it came off the wire (any shape): a protocol error. */
export function wireErrorOutcome(error: unknown, durationMs: number): CallOutcome {
  const { code, message, data } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  return {
    status: 'protocol-error',
    error: {
      code: typeof code === 'number' ? code : -1,
      message: typeof message === 'string' ? message : 'Unknown error',
      ...(data !== undefined ? { data } : {}),
    },
    durationMs,
  };
}

/**
 * A task's state from tasks/get (the 2026-07-28 tasks extension) once it is over: completed carries the
 * result, failed its error, cancelled nothing. Undefined while the task still runs.
 */
export function finishedTaskOutcome(
  task: Record<string, unknown>,
  durationMs: number,
): CallOutcome | undefined {
  if (task.status === 'completed')
    return resultOutcome((task.result ?? { content: [] }) as CallToolResult, durationMs);
  if (task.status === 'failed') {
    const error = typeof task.error === 'object' && task.error !== null ? task.error : {};
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      status: 'protocol-error',
      error: {
        code: typeof code === 'number' ? code : -1,
        message: typeof message === 'string' ? message : 'The task failed',
        data: task.error,
      },
      durationMs,
    };
  }
  if (task.status === 'cancelled')
    return { status: 'cancelled', error: { code: -1, message: 'The task was cancelled' }, durationMs };
  return undefined;
}
