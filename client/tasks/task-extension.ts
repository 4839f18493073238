/**
 * The 2026-07-28 tasks extension (`io.modelcontextprotocol/tasks`) on the client side. SDK 2.4 has
 * no consumer for `resultType: "task"`: it rejects such a result and drops the task id. So the
 * session rewrites the SDK's copy of that one kind of result (the trace keeps the wire's copy) into
 * a complete result marked as a task, and the task tracker polls `tasks/get` from there.
 */
import type { ClientCapabilities, JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { readTask, type TaskInfo } from './task-support.ts';

/** The extension's identifier in `capabilities.extensions`. */
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

/** The key that marks a result the server sent as `resultType: "task"` (never sent on the wire). */
const TASK_MARK = 'toolscope/resultType';

/** The capabilities a client declares to be offered tasks by a 2026-07-28 server. */
export function tasksExtensionCapabilities(): ClientCapabilities {
  return { extensions: { [TASKS_EXTENSION_ID]: {} } } as ClientCapabilities;
}

/**
 * Lets `resultType: "task"` results reach the SDK as complete results carrying a mark, so the call
 * resolves with the task (id, status, poll interval) instead of failing. Call after connect: the
 * client sets `onmessage` while connecting. Messages are copied, never changed: the trace holds them.
 */
export function passTaskResults(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const result = (message as { result?: Record<string, unknown> }).result;
    if (result && typeof result === 'object' && result.resultType === 'task') {
      // The SDK checks a tools/call result for `content`, which a task does not have.
      const marked = { content: [], ...result, resultType: 'complete', [TASK_MARK]: 'task' };
      deliver({ ...message, result: marked } as JSONRPCMessage, extra);
      return;
    }
    deliver(message, extra);
  };
}

/** The task of a result that `passTaskResults` marked; undefined for any other result. */
export function modernTaskOf(result: unknown): TaskInfo | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  if ((result as Record<string, unknown>)[TASK_MARK] !== 'task') return undefined;
  return readTask(result);
}

/** One input request of a task or an `input_required` result: a server-to-client request in all but transport. */
export interface InputRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** Reads `inputRequests` loosely: entries that are not requests are left out. */
export function readInputRequests(value: unknown): Record<string, InputRequest> {
  if (typeof value !== 'object' || value === null) return {};
  const requests: Record<string, InputRequest> = {};
  for (const [key, request] of Object.entries(value)) {
    const method = (request as { method?: unknown } | null)?.method;
    if (typeof method === 'string')
      requests[key] = { method, params: (request as { params?: Record<string, unknown> }).params };
  }
  return requests;
}
