import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import type { CallOrigins, FrameOrigin } from './call-origins.ts';
import { failedCallOutcome } from './call-failure.ts';
import { resultOutcome } from './call-outcome.ts';
import { MAX_INPUT_ROUNDS, requestWithRounds, type InputAnswerer } from './multi-round.ts';
import type { SessionExtension } from './session-extension.ts';
import { LooseResultSchema } from './session-requests.ts';
import type { CallOutcome, CallProgress } from './session-types.ts';
import { retryAfterHeaderMismatch } from './session-wire.ts';
import type { TraceLog } from '../trace/trace-log.ts';
import { callResultAsSent } from './wire-result.ts';

/** Options of one tool call. */
export interface CallOptions {
  onprogress?: (progress: CallProgress) => void;
  signal?: AbortSignal;
  /** Per-call timeout in ms; reset by progress. */
  timeoutMs?: number;
  /** Upper bound on the whole call in ms, however much progress arrives. */
  maxTotalMs?: number;
  /** Task augmentation (2025-11-25): the server answers with a task to poll instead of the result. */
  task?: { ttl?: number };
  /** Set on the one retry after a -32020 (the tools were listed again first). */
  retryOf?: CallOutcome['error'];
  /** Most requests of one multi round-trip call (default MAX_INPUT_ROUNDS). */
  maxRounds?: number;
  /** Who asked for the call when not the user: its frames carry this mark in the trace. */
  origin?: FrameOrigin;
}

/** What one call needs from the session. */
export interface ToolCallContext {
  client: Client;
  trace: TraceLog;
  origins: CallOrigins;
  extensions: readonly SessionExtension[];
  answerInput: InputAnswerer;
  /** Lists the tools again, bypassing the cache (before the one retry after a -32020). */
  relistTools: () => Promise<void>;
  /** Calls again with these options (the one retry). */
  again: (options: CallOptions) => Promise<CallOutcome>;
}

/** Calls a tool and reports how it ended; protocol errors are outcomes, not exceptions. */
export async function callTool(
  context: ToolCallContext,
  name: string,
  args: unknown,
  options: CallOptions,
): Promise<CallOutcome> {
  const started = performance.now();
  const { client, trace } = context;
  // The maximum total time is kept here, not by the SDK: SDK v2 ends a call whose progress
  // outlived it without telling the server, while an abort sends notifications/cancelled.
  const overall = options.maxTotalMs !== undefined ? new AbortController() : undefined;
  const overallTimer =
    overall &&
    setTimeout(
      () => overall.abort(new Error(`Maximum total timeout exceeded (${options.maxTotalMs} ms)`)),
      options.maxTotalMs,
    );
  const signals = [options.signal, overall?.signal].filter((signal) => signal !== undefined);
  const traceFrom = trace.get().frames.length;
  const retried = options.retryOf ? { retryOf: options.retryOf } : {};
  try {
    const meta = Object.assign({}, ...context.extensions.map((extension) => extension.requestMeta?.()));
    const first = {
      name,
      arguments: args as Record<string, unknown>,
      ...(options.task ? { task: options.task } : {}),
      ...(Object.keys(meta).length ? { _meta: meta } : {}),
    };
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const { result, rounds } = await requestWithRounds(
      first,
      (params) =>
        context.origins.sending(
          options.origin,
          () =>
            client.request({ method: 'tools/call', params } as never, LooseResultSchema, {
              onprogress: options.onprogress,
              signal,
              timeout: options.timeoutMs,
              resetTimeoutOnProgress: true,
              allowInputRequired: true,
            }) as Promise<Record<string, unknown>>,
        ),
      context.answerInput,
      options.maxRounds ?? MAX_INPUT_ROUNDS,
      signal,
    );
    const durationMs = performance.now() - started;
    const sent = callResultAsSent(trace, traceFrom, name, args, result) as CallToolResult;
    return { ...resultOutcome(sent, durationMs), ...retried, ...(rounds > 1 ? { rounds } : {}) };
  } catch (error) {
    const retry = retryAfterHeaderMismatch(error, options, context.relistTools);
    if (retry) return retry.then((retryOf) => context.again({ ...options, retryOf }));
    const failed = failedCallOutcome({
      error,
      durationMs: performance.now() - started,
      cancelled: options.signal,
      overall: overall?.signal,
      task: options.task !== undefined,
    });
    return { ...failed, ...retried };
  } finally {
    clearTimeout(overallTimer);
  }
}
