import type {
  CallToolResult,
  ListResourcesResult,
  ListResourceTemplatesResult,
  ReadResourceResult,
  Tool,
} from '@modelcontextprotocol/client';
import type { PagedListMethod } from '#client/session/session-requests.ts';
import type { CallRunner } from '../../../calls/call-runner.ts';
import { listTools } from '#client/tools/tool-identity.ts';
import { toolUiOf } from '../tool-ui.ts';
import type { ViewNotes } from '../developer/view-notes.ts';

/** What a live View may reach: the one call model and the connected session. */
export interface LiveHost {
  runner: CallRunner;
  /** The tools listed now (a View may call only those with `app` visibility). */
  tools: () => readonly Tool[];
  readResource: (uri: string) => Promise<ReadResourceResult>;
  /** One page of resources/list or resources/templates/list, as the session reads it. */
  listPage: (
    method: Extract<PagedListMethod, 'resources/list' | 'resources/templates/list'>,
    cursor: string | undefined,
  ) => Promise<{ items: Record<string, unknown>[]; nextCursor?: string }>;
  /** Whether the server declares resources (a View is offered `serverResources` only then). */
  declaresResources: () => boolean;
}

/** Why a replay's View cannot reach the server. */
export const READ_ONLY = 'This View is a replay: it is shown read-only and its requests are not sent';

/**
 * A View's `tools/call`: allowed only for a listed tool visible to apps, and run through the same approval
 * dialog and history as the user's calls (origin `view`). A refusal is noted and thrown, so the View gets
 * an error with the reason.
 */
export async function callToolForView(
  live: LiveHost | undefined,
  notes: ViewNotes,
  name: string,
  args: Record<string, unknown>,
  /** The name of the tool whose View asks (History says "asked by the <tool> View"). */
  viewOf: string,
  /** Aborts when the View takes the request back or closes: a call still waiting for approval is withdrawn. */
  signal?: AbortSignal,
): Promise<CallToolResult> {
  const refuse = (why: string): never => {
    notes.add('refused', `tools/call ${name} refused: ${why}`);
    throw new Error(why);
  };
  if (!live) return refuse(READ_ONLY);
  const tool = listTools(live.tools()).find((listed) => listed.tool.name === name)?.tool;
  if (!tool) return refuse(`the server lists no tool named "${name}"`);
  if (!toolUiOf(tool).callableFromView)
    return refuse(`"${name}" is not visible to apps (its _meta.ui.visibility lacks "app")`);
  // Calls a View sends at once wait in line for the approval dialog, each answered in turn.
  const entry = await live.runner.call(tool, args, { origin: 'view', viewOf, signal });
  if (!entry) return refuse('the View took the call back (or closed) before it was approved');
  const outcome = entry.outcome;
  if (!outcome || entry.createdTask) return refuse('the call became a task; its result is in the history');
  if (outcome.status === 'denied') return refuse('the user denied the call');
  if (outcome.status === 'ok' && outcome.result) return outcome.result;
  return refuse(outcome.error?.message ?? `the call ended: ${outcome.status}`);
}

/** A View's resources/list or resources/templates/list, one page through the session. */
export async function listForView(
  live: LiveHost | undefined,
  method: 'resources/list' | 'resources/templates/list',
  cursor: string | undefined,
): Promise<ListResourcesResult | ListResourceTemplatesResult> {
  if (!live) throw new Error(READ_ONLY);
  const page = await live.listPage(method, cursor);
  const key = method === 'resources/list' ? 'resources' : 'resourceTemplates';
  return {
    [key]: page.items,
    ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
  } as unknown as ListResourcesResult | ListResourceTemplatesResult;
}
