/**
 * The server's other surface as calls: a resources/read or a prompts/get ends as a CallOutcome (its result,
 * or its error as a value, with its round trip), as a tools/call does, so the history, trace, recordings and
 * replays treat the three alike. And completion/complete, asked only of a server that declares completions.
 */
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { failedCallOutcome } from './call-failure.ts';
import { MAX_INPUT_ROUNDS, requestWithRounds, type InputAnswerer } from './multi-round.ts';
import { LooseResultSchema } from './session-requests.ts';
import type { CallOutcome } from './session-types.ts';

/** The requests besides tools/call that the page makes as calls. */
export type SurfaceMethod = 'resources/read' | 'prompts/get';

/** Options of one surface request. */
export interface SurfaceRequestOptions {
  signal?: AbortSignal;
  /** Per-request timeout in ms. */
  timeoutMs?: number;
}

/**
 * Sends a resources/read or prompts/get (answering rounds of input, 2026-07-28) and reports how it ended:
 * `ok` with the result as the server sent it, or a protocol error, a cancel or a timeout, never a throw.
 */
export async function surfaceRequest(
  client: Client,
  method: SurfaceMethod,
  params: Record<string, unknown>,
  answer: InputAnswerer | undefined,
  options: SurfaceRequestOptions = {},
): Promise<CallOutcome> {
  const started = performance.now();
  try {
    const { result, rounds } = await requestWithRounds(
      params,
      (current) =>
        client.request({ method, params: current } as never, LooseResultSchema, {
          signal: options.signal,
          timeout: options.timeoutMs,
          allowInputRequired: true,
        }) as Promise<Record<string, unknown>>,
      answer,
      MAX_INPUT_ROUNDS,
      options.signal,
    );
    const durationMs = performance.now() - started;
    // The outcome's result is typed for tools; a read's or a get's result is kept as sent all the same.
    return {
      status: 'ok',
      result: result as unknown as CallToolResult,
      durationMs,
      ...(rounds > 1 ? { rounds } : {}),
    };
  } catch (error) {
    return failedCallOutcome({ error, durationMs: performance.now() - started, cancelled: options.signal });
  }
}

/** What completion/complete completes: a prompt's argument or a resource template's variable. */
export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** A completion/complete answer, read loosely: the suggestions, and how many there are in all. */
export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/**
 * Asks for completions of `argument` (its name and what is typed so far), with the other fields already
 * filled as `context.arguments`. A malformed answer reads as no suggestions.
 */
export async function complete(
  client: Client,
  ref: CompletionRef,
  argument: { name: string; value: string },
  filled: Record<string, string>,
  signal?: AbortSignal,
): Promise<Completion> {
  const others = Object.fromEntries(
    Object.entries(filled).filter(([name, value]) => name !== argument.name && value !== ''),
  );
  const params = {
    ref,
    argument,
    ...(Object.keys(others).length ? { context: { arguments: others } } : {}),
  };
  const result = (await client.request(
    { method: 'completion/complete', params } as never,
    LooseResultSchema,
    {
      signal,
    },
  )) as Record<string, unknown>;
  return readCompletion(result.completion);
}

/** The completion object of an answer, checked: strings only, at most 100 (the spec's limit). */
export function readCompletion(raw: unknown): Completion {
  if (typeof raw !== 'object' || raw === null) return { values: [] };
  const { values, total, hasMore } = raw as Record<string, unknown>;
  return {
    values: Array.isArray(values)
      ? values.filter((value): value is string => typeof value === 'string').slice(0, 100)
      : [],
    ...(typeof total === 'number' && Number.isFinite(total) ? { total } : {}),
    ...(typeof hasMore === 'boolean' ? { hasMore } : {}),
  };
}
