import {
  BASELINE_FORMAT,
  BASELINE_VERSION,
  type BaselineAnswer,
  type BaselineCall,
  type BaselineFile,
} from '#shared/baseline-file.ts';
import { differingPaths } from './answer-diff.ts';

/** A call as a check run, a session file or a recording holds it: the tool, its arguments and how it ended. */
export interface MadeCall {
  tool: string;
  args?: unknown;
  outcome?: { status: string; result?: unknown; error?: { code: number; message: string } };
}

/**
 * What a baseline keeps of a call's end: a result (ok or a tool error) or a protocol error. A call that
 * never got an answer (denied, cancelled, timed out, still running) says nothing about the server.
 */
export function answerOf(outcome: MadeCall['outcome']): BaselineAnswer | undefined {
  // A session file's outcome is read as written: check each field, not its declared type.
  if (!isObject(outcome)) return undefined;
  const { status, result, error } = outcome as Record<string, unknown>;
  if ((status === 'ok' || status === 'tool-error') && result !== undefined) return { status, result };
  if (status === 'protocol-error' && isObject(error) && typeof error.code === 'number')
    return {
      status,
      error: { code: error.code, message: typeof error.message === 'string' ? error.message : '' },
    };
  return undefined;
}

/** The part of an answer a comparison walks: the result, or the error. */
export function answerBody(answer: BaselineAnswer): unknown {
  return answer.status === 'protocol-error' ? answer.error : answer.result;
}

/**
 * A baseline from calls that were made: one entry per distinct call (tool and arguments), in the order
 * first made, with the first answer. Where the same call was answered differently (check makes each call
 * twice when saving; a session may hold repeats), the places that differed are kept as volatile; an
 * answer whose status changed is volatile as a whole ('').
 */
export function baselineFromCalls(
  calls: readonly MadeCall[],
  about: { savedAt: string; server?: BaselineFile['server']; ignore?: readonly string[] },
): BaselineFile {
  const entries = new Map<string, BaselineCall>();
  for (const call of calls) {
    const answer = answerOf(call.outcome);
    if (!answer) continue;
    const args = isObject(call.args) ? call.args : {};
    const key = `${call.tool}\u0000${JSON.stringify(args)}`;
    const first = entries.get(key);
    if (!first) {
      entries.set(key, { tool: call.tool, arguments: args, answer });
      continue;
    }
    const differing =
      first.answer.status === answer.status
        ? differingPaths(answerBody(first.answer), answerBody(answer))
        : [''];
    if (differing.length) first.volatile = [...new Set([...(first.volatile ?? []), ...differing])];
  }
  return {
    format: BASELINE_FORMAT,
    version: BASELINE_VERSION,
    savedAt: about.savedAt,
    ...(about.server ? { server: about.server } : {}),
    ...(about.ignore?.length ? { ignore: [...about.ignore] } : {}),
    calls: [...entries.values()],
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
