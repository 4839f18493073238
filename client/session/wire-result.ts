import type { Frame } from '#shared/bridge-protocol.ts';
import type { TraceLog } from '../trace/trace-log.ts';
import { modernTaskOf } from '../tasks/task-extension.ts';

/**
 * The result of a request exactly as it came over the wire, found in the trace: the SDK decodes a
 * result before handing it over and drops its `resultType` on the way, while an inspector should
 * show what the server sent. `from` is the trace length when the request was made; the request is
 * the latest outbound `method` since then whose params `match`.
 */
export function wireResultOf(
  trace: TraceLog,
  from: number,
  method: string,
  match: (params: Record<string, unknown>) => boolean,
): Record<string, unknown> | undefined {
  const result = (wireAnswerOf(trace, from, method, match) as { result?: unknown } | undefined)?.result;
  return typeof result === 'object' && result !== null ? (result as Record<string, unknown>) : undefined;
}

/** The answer (result or error message) to the latest outbound `method` since `from` whose params `match`. */
export function wireAnswerOf(
  trace: TraceLog,
  from: number,
  method: string,
  match: (params: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> | undefined {
  const frames = trace.get().frames;
  for (let index = frames.length - 1; index >= from; index--) {
    const frame = frames[index]!;
    const message = frame.message as { method?: unknown; params?: unknown } | undefined;
    if (frame.direction !== 'out' || message?.method !== method) continue;
    const params = typeof message.params === 'object' && message.params !== null ? message.params : {};
    if (!match(params as Record<string, unknown>)) continue;
    const pair = trace.pairs.of(frame.seq);
    const response = pair && frameAt(frames, pair.responseSeq);
    return response?.message as Record<string, unknown> | undefined;
  }
  return undefined;
}

/**
 * A call's result to hand to the page: as sent (with its resultType), since the SDK's decoded copy
 * drops fields an inspector shows; a task of the 2026-07-28 extension keeps the SDK's marked copy,
 * which the task tracker follows. `from` is the trace length when the call was made.
 */
export function callResultAsSent(
  trace: TraceLog,
  from: number,
  name: string,
  args: unknown,
  decoded: Record<string, unknown>,
): Record<string, unknown> {
  if (modernTaskOf(decoded)) return decoded;
  return wireResultOf(trace, from, 'tools/call', sameCall(name, args)) ?? decoded;
}

/** A tools/call whose tool and arguments are these. */
export function sameCall(name: string, args: unknown): (params: Record<string, unknown>) => boolean {
  const text = JSON.stringify(args ?? {});
  return (params) => params.name === name && JSON.stringify(params.arguments ?? {}) === text;
}

function frameAt(frames: readonly Frame[], seq: number): Frame | undefined {
  const guess = frames[seq - (frames[0]?.seq ?? 0)];
  return guess?.seq === seq ? guess : frames.find((frame) => frame.seq === seq);
}
