import type { ServerCapabilities, Tool } from '@modelcontextprotocol/client';
import { before } from '../era/protocol-revisions.ts';

/** How a tool may be called, following the 2025-11-25 rules on task augmentation. */
export type TaskMode = 'required' | 'optional' | 'forbidden';

/** The first revision with tasks. */
export const TASKS_SINCE = '2025-11-25';

/**
 * Whether task augmentation of tools/call is allowed for this tool:
 * never under a revision before 2025-11-25 (tasks do not exist there), never without
 * `capabilities.tasks.requests.tools.call`; then per `execution.taskSupport` (missing means forbidden).
 */
export function taskMode(
  capabilities: ServerCapabilities | undefined,
  tool: Tool,
  revision?: string,
): TaskMode {
  if (before(revision, TASKS_SINCE)) return 'forbidden';
  const tasks = (capabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } } | undefined)
    ?.tasks;
  if (tasks?.requests?.tools?.call === undefined) return 'forbidden';
  const support = (tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport;
  return support === 'required' || support === 'optional' ? support : 'forbidden';
}

/** Task statuses after which nothing changes. */
export const TERMINAL_TASK_STATUSES = new Set(['completed', 'failed', 'cancelled']);

/** A task as tasks/get and notifications/tasks/status describe it. */
export interface TaskInfo {
  taskId: string;
  status: string;
  statusMessage?: string;
  ttl?: number | null;
  pollInterval?: number;
  createdAt?: string;
  lastUpdatedAt?: string;
}

/** Reads a task object loosely (servers under test may send odd shapes). */
export function readTask(value: unknown): TaskInfo | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const task = value as Record<string, unknown>;
  if (typeof task.taskId !== 'string') return undefined;
  return {
    taskId: task.taskId,
    status: typeof task.status === 'string' ? task.status : 'unknown',
    statusMessage: typeof task.statusMessage === 'string' ? task.statusMessage : undefined,
    // 2025-11-25 names them ttl / pollInterval; the 2026-07-28 tasks extension ttlMs / pollIntervalMs.
    ttl: typeof task.ttl === 'number' || task.ttl === null ? task.ttl : numberOrUndefined(task.ttlMs),
    pollInterval: numberOrUndefined(task.pollInterval) ?? numberOrUndefined(task.pollIntervalMs),
    createdAt: typeof task.createdAt === 'string' ? task.createdAt : undefined,
    lastUpdatedAt: typeof task.lastUpdatedAt === 'string' ? task.lastUpdatedAt : undefined,
  };
}

function numberOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}
