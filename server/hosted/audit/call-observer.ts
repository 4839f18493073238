import type { RequestId } from '@modelcontextprotocol/client';
import { RELAY_ERROR_CODE, type Frame } from '#shared/bridge-protocol.ts';
import { isRecord } from '#shared/untrusted-json.ts';
import type { FrameStamper } from '../../relay/frame-stamper.ts';
import type { CallOutcome } from './audit-log.ts';

/** One finished tool call: its name, how it ended, how long it took. */
export interface ObservedCall {
  tool: string;
  outcome: CallOutcome;
  durationMs: number;
}

/**
 * Watches a connection's frames for `tools/call` requests and their answers, and reports each call
 * once it ends. It reads only the method, id, tool name and whether the answer is an error: never
 * arguments or results. `stop` reports the calls still waiting as `no-answer`.
 */
export function observeToolCalls(stamper: FrameStamper, report: (call: ObservedCall) => void): () => void {
  const pending = new Map<RequestId, { tool: string; started: number }>();
  const unsubscribe = stamper.subscribe((frame) => {
    const message = frame.message as Record<string, unknown> | undefined;
    if (!message) return;
    const id = message.id as RequestId | undefined;
    if (frame.direction === 'out') {
      if (message.method !== 'tools/call' || id === undefined) return;
      const params = isRecord(message.params) ? message.params : {};
      pending.set(id, { tool: typeof params.name === 'string' ? params.name : '?', started: frame.time });
      return;
    }
    if (id === undefined || 'method' in message) return;
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    report({ tool: call.tool, outcome: outcomeOf(frame, message), durationMs: frame.time - call.started });
  });
  return () => {
    unsubscribe();
    const now = Date.now();
    for (const call of pending.values())
      report({ tool: call.tool, outcome: 'no-answer', durationMs: now - call.started });
    pending.clear();
  };
}

function outcomeOf(frame: Frame, message: Record<string, unknown>): CallOutcome {
  if (isRecord(message.error)) {
    const data = message.error.data;
    const byLimit =
      frame.synthetic && message.error.code === RELAY_ERROR_CODE && isRecord(data) && 'limit' in data;
    return byLimit ? 'refused' : 'protocol-error';
  }
  return isRecord(message.result) && message.result.isError === true ? 'tool-error' : 'ok';
}
