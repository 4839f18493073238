import { describeTarget } from '#shared/targets.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallEntry, CallHistory } from './call-history.ts';
import { describeSurfaceCall } from './call-details.ts';

/** A resource read or a prompt get to make: its method, params, and the title of what it names. */
export interface SurfaceCall {
  method: 'resources/read' | 'prompts/get';
  params: Record<string, unknown>;
  title?: string;
}

/**
 * Makes a resource read or a prompt get as a call: it enters the history (selected, like a call the user
 * makes), goes on the wire, and ends with its outcome. No approval: reading and getting change nothing on the
 * server. Resolves with the history entry.
 */
export async function runSurfaceCall(
  session: McpSession,
  history: CallHistory,
  { method, params, title }: SurfaceCall,
): Promise<CallEntry | undefined> {
  const state = session.state.get();
  const server = state.target ? describeTarget(state.target) : 'no server';
  const id = history.start(
    describeSurfaceCall({ method, params, server, protocolVersion: state.server?.protocolVersion, title }),
  );
  history.finish(id, await session.request(method, params));
  return history.find(id);
}

/** The newest entry of the history that `matches`, or the selected one when it matches. */
export function shownEntry(
  calls: readonly CallEntry[],
  selectedId: number | undefined,
  matches: (call: CallEntry) => boolean,
): CallEntry | undefined {
  const selected = selectedId === undefined ? undefined : calls.find((call) => call.id === selectedId);
  if (selected && matches(selected)) return selected;
  return calls.findLast(matches);
}
