/**
 * Multi round-trip requests (MCP 2026-07-28, SEP-2322) driven by the session itself rather than by
 * the SDK's auto-fulfilment, so the page knows each round: a `tools/call`, `prompts/get` or
 * `resources/read` that answers `input_required` is answered in the page's views and retried with
 * the same params plus `inputResponses` and the `requestState` echoed unchanged, up to a limit.
 */
import { readInputRequests, type InputRequest } from '../tasks/task-extension.ts';

/** Most rounds of one call; the SDK's own default, and what the issue asks for. */
export const MAX_INPUT_ROUNDS = 10;

/**
 * Answers the input requests of one round (the page's elicitation, sampling and roots views);
 * `signal` withdraws the questions when the call is cancelled meanwhile.
 */
export type InputAnswerer = (
  requests: Record<string, InputRequest>,
  signal?: AbortSignal,
) => Promise<Record<string, unknown>>;

/** The call asked for input more often than the limit allows. */
export class RoundLimitError extends Error {
  constructor(
    readonly rounds: number,
    readonly lastResult: unknown,
  ) {
    super(
      `The server still asked for input after ${rounds} rounds of this call: Toolscope stops a multi round-trip call at ${rounds} rounds (the last input_required is in the trace).`,
    );
    this.name = 'RoundLimitError';
  }
}

/** What a call with rounds ended with: the last result and how many requests it took. */
export interface RoundsOutcome {
  result: Record<string, unknown>;
  rounds: number;
}

/** True for an `input_required` result as the SDK hands it back with `allowInputRequired`. */
export function isInputRequired(result: unknown): result is Record<string, unknown> {
  return (
    typeof result === 'object' &&
    result !== null &&
    (result as { resultType?: unknown }).resultType === 'input_required'
  );
}

/**
 * Sends `params` with `send`, answering each `input_required` with `answer` and retrying, until a
 * result that is not `input_required`. Throws RoundLimitError after `limit` requests that all asked
 * for input, and whatever `send` or `answer` throw.
 */
export async function requestWithRounds(
  params: Record<string, unknown>,
  send: (params: Record<string, unknown>) => Promise<Record<string, unknown>>,
  answer: InputAnswerer | undefined,
  limit = MAX_INPUT_ROUNDS,
  signal?: AbortSignal,
): Promise<RoundsOutcome> {
  let current = params;
  for (let rounds = 1; ; rounds++) {
    const result = await send(current);
    if (!isInputRequired(result)) return { result, rounds };
    if (rounds >= limit) throw new RoundLimitError(rounds, result);
    if (!answer) throw new Error('The server asked for input, and nothing in this page can answer it');
    const inputResponses = await answer(readInputRequests(result.inputRequests), signal);
    // Only this round's answers go back; the state is echoed byte for byte, or left out when absent.
    current = {
      ...params,
      inputResponses,
      ...(result.requestState !== undefined ? { requestState: result.requestState } : {}),
    };
  }
}
