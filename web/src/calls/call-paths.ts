import type { Tool } from '@modelcontextprotocol/client';
import type { TaskParams, TaskRequest } from '#client/tasks/task-decision.ts';
import { findTool, listTools } from '#client/tools/tool-identity.ts';
import type { CallEntry } from './call-history.ts';
import type { CallRunner } from './call-runner.ts';
import type { Workspace } from './workspace.ts';

/**
 * The ways a call is made besides the Call button (history Re-run and Edit, a saved request's Run).
 * Each names the tool it wants and what to repeat; all of them end in `runner.call`, which decides task
 * augmentation in one place.
 */

/** Which tool a path wants: its key when known (tells duplicates apart), else its name. */
export interface ToolReference {
  toolKey?: string;
  tool: string;
}

/** How an earlier call was made, for repeating it. */
export interface RepeatableCall {
  task?: TaskParams;
  taskForced?: boolean;
}

/** What a path did: started the call, or why it could not. */
export type PathResult = { done: Promise<CallEntry | undefined> } | { problem: string };

/** The listed tool a reference means: by key first, then the first tool whose name (as text) matches. */
export function locateTool(tools: readonly Tool[], reference: ToolReference): Tool | undefined {
  const byKey = findTool(tools, reference.toolKey);
  if (byKey) return byKey.tool;
  return listTools(tools).find((listed) => listed.nameText === reference.tool)?.tool;
}

/**
 * The task request that repeats an earlier call's decision. Saved requests come from files, so the task is
 * read loosely: anything but an object with an optional numeric ttl counts as no task.
 */
export function repeatTask(call: RepeatableCall): TaskRequest {
  const task: unknown = call.task;
  const ttl = (task as { ttl?: unknown } | undefined)?.ttl;
  const valid =
    typeof task === 'object' &&
    task !== null &&
    !Array.isArray(task) &&
    (ttl === undefined || typeof ttl === 'number');
  return {
    kind: 'repeat',
    task: valid ? { ...(ttl !== undefined ? { ttl: ttl as number } : {}) } : undefined,
    forced: call.taskForced === true,
  };
}

/**
 * History "Re-run": the same tool, arguments and task decision. It opens the call's tool with those arguments
 * first, as "Edit" does, so the Tool pane, the list's highlight and the Result all show the call being made
 * (a Call or Ctrl+Enter after it repeats this tool, not the one open before).
 */
export function rerunCall(
  runner: CallRunner,
  workspace: Workspace,
  tools: readonly Tool[],
  call: CallEntry,
): PathResult {
  const tool = locateTool(tools, call);
  const problem = editCall(workspace, tools, call);
  if (!tool || problem) return { problem: problem ?? notListed(call.tool) };
  return { done: runner.call(tool, call.args, { task: repeatTask(call) }) };
}

function notListed(tool: string): string {
  return `The tool "${tool}" is not listed on the current server.`;
}

/** History "Edit": opens the call's tool with its arguments, set to be called the way it was. */
export function editCall(
  workspace: Workspace,
  tools: readonly Tool[],
  call: ToolReference & RepeatableCall & { args: unknown },
): string | undefined {
  const tool = locateTool(tools, call);
  const key = tool ? (listTools(tools).find((listed) => listed.tool === tool)?.key ?? call.tool) : undefined;
  if (!key) return notListed(call.tool);
  workspace.edit(key, call.args, repeatTask(call));
  return undefined;
}

/**
 * A saved request's "Run": looked up on the server connected now; repeats its task decision when it kept one.
 * Like Re-run, it opens the tool with the request's arguments before calling.
 */
export function runSaved(
  runner: CallRunner,
  workspace: Workspace,
  tools: readonly Tool[],
  saved: ToolReference & { args: unknown; call?: RepeatableCall },
): PathResult {
  const tool = locateTool(tools, saved);
  const problem = editCall(workspace, tools, { ...saved, ...saved.call });
  if (!tool || problem) return { problem: problem ?? notListed(saved.tool) };
  return {
    done: runner.call(tool, saved.args, { task: saved.call ? repeatTask(saved.call) : { kind: 'spec' } }),
  };
}
