import type { Tool } from '@modelcontextprotocol/client';
import { knownRevision } from '#client/era/protocol-revisions.ts';
import type { TaskParams } from '#client/tasks/task-decision.ts';
import { displayName, fallbackKey, identifyTool, nameText } from '#client/tools/tool-identity.ts';
import type { CallOrigin, NewCall } from './call-history.ts';

/** What is known when a call starts, wherever it comes from (the runner, a replay's frames). */
export interface CallFacts {
  /** The tool as listed (a recording's call of an unlisted tool: an object with just its name). */
  tool: Tool;
  args: unknown;
  /** The tools listed at the time: which one this is (same-name tools are told apart). */
  tools: readonly Tool[];
  /** The server it goes to, described without secrets. */
  server: string;
  /** The negotiated protocol version (results are judged by its rules). */
  protocolVersion?: string;
  /** The `task` parameter sent, and whether it broke the spec's rule on purpose. */
  task?: TaskParams;
  taskForced?: boolean;
  /** Who asked (absent or "user": the user). */
  origin?: CallOrigin;
  /** For a View's call: the tool whose View asked. */
  viewOf?: string;
}

/**
 * The one description of a call as it starts: live calls (CallRunner) and a replay's calls (ReplayBuilder)
 * both come through here, so an entry has the same fields whoever made it, and everything that reads the
 * history (the Result, its App tab, Compare) treats them alike.
 */
export function describeCall({
  tool,
  args,
  tools,
  server,
  protocolVersion,
  task,
  taskForced,
  origin,
  viewOf,
}: CallFacts): NewCall {
  const listed = identifyTool(tools, tool);
  return {
    tool: nameText(tool.name),
    toolKey: listed?.key ?? fallbackKey(tool),
    displayName: displayName(tool).text,
    server,
    args,
    task,
    taskForced: taskForced || undefined,
    revision: knownRevision(protocolVersion),
    outputSchema: tool.outputSchema,
    ...(origin && origin !== 'user' ? { origin } : {}),
    ...(origin === 'view' && viewOf !== undefined ? { viewOf } : {}),
  };
}

/** What is known when a resource read or a prompt get starts (live, or from a replay's frames). */
export interface SurfaceCallFacts {
  method: 'resources/read' | 'prompts/get';
  /** The request's params as sent (`uri`; `name` and `arguments`). */
  params: Record<string, unknown>;
  server: string;
  protocolVersion?: string;
  /** The resource's or prompt's title as listed, when it has one. */
  title?: string;
}

/**
 * The description of a resource read or a prompt get as a call: what it called (the URI, the prompt's name)
 * and its arguments (a read's `{ uri }`, a prompt's `arguments`), so History, Compare and replays read it as
 * they read a tool call.
 */
export function describeSurfaceCall({
  method,
  params,
  server,
  protocolVersion,
  title,
}: SurfaceCallFacts): NewCall {
  const subject = method === 'resources/read' ? params.uri : params.name;
  const tool = typeof subject === 'string' ? subject : (JSON.stringify(subject) ?? String(subject));
  return {
    method,
    tool,
    server,
    args: method === 'resources/read' ? { uri: params.uri } : (params.arguments ?? {}),
    revision: knownRevision(protocolVersion),
    ...(title && title !== tool ? { displayName: title } : {}),
  };
}
