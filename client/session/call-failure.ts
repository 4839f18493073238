import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { CallOutcome } from './session-types.ts';
import type { TracedTransport } from '../transport/traced-transport.ts';
import { RoundLimitError } from './multi-round.ts';

/** The code a timed-out call is shown with (SDK v1's RequestTimeout; v2 reports it as an SdkError). */
export const REQUEST_TIMEOUT_CODE = -32001;

/** What was known about a tools/call that rejected. */
export interface FailedCall {
  error: unknown;
  durationMs: number;
  /** The user's cancel signal. */
  cancelled?: AbortSignal;
  /** The session's own maximum-total-time signal. */
  overall?: AbortSignal;
  /** The call asked for a task (2025-11-25 task augmentation). */
  task?: boolean;
}

/** How a rejected tools/call ended: cancelled, timed out, or refused (protocol errors are outcomes). */
export function failedCallOutcome({ error, durationMs, cancelled, overall, task }: FailedCall): CallOutcome {
  // The SDK sends notifications/cancelled (stdio, legacy HTTP) or aborts the request (modern HTTP).
  if (cancelled?.aborted) {
    return {
      status: 'cancelled',
      error: { code: -1, message: String(cancelled.reason ?? 'Cancelled') },
      durationMs,
    };
  }
  if (overall?.aborted) {
    const message = overall.reason instanceof Error ? overall.reason.message : String(overall.reason);
    return { status: 'timed-out', error: { code: REQUEST_TIMEOUT_CODE, message }, durationMs };
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return {
      status: 'timed-out',
      error: { code: REQUEST_TIMEOUT_CODE, message: stripCodePrefix(error.message) },
      durationMs,
    };
  }
  if (error instanceof RoundLimitError) {
    const data = { rounds: error.rounds, lastResult: error.lastResult };
    return {
      status: 'protocol-error',
      error: { code: -1, message: error.message, data },
      durationMs,
      rounds: error.rounds,
    };
  }
  if (error instanceof ProtocolError) {
    // The SDK client checks a task-augmented answer itself; say so rather than blame the server's wording.
    const message =
      task && /Invalid task creation result/.test(error.message)
        ? `The server did not answer with a task (see its response in the trace): ${stripCodePrefix(error.message)}`
        : stripCodePrefix(error.message);
    return { status: 'protocol-error', error: { code: error.code, message, data: error.data }, durationMs };
  }
  return { status: 'protocol-error', error: { code: -1, message: describeError(error) }, durationMs };
}

/** An error's message, or the value as text. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * SDK v1 prefixed its errors' messages with "MCP error <code>: ", and servers built on it still
 * send them so; the UI shows the code separately.
 */
function stripCodePrefix(message: string): string {
  return message.replace(/^MCP error -?\d+: /, '');
}

/**
 * The error a failed connect is reported with: the bridge's or server's reason when the connection
 * closed (an exit code says more than the SDK's "connection closed"), else the error itself.
 */
export function closeReasonOr(error: unknown, transport: TracedTransport): unknown {
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed && transport.closeReason)
    return new Error(transport.closeReason);
  return error;
}
