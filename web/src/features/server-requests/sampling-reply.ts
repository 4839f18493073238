import { McpError, type CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';

/** What the user typed in place of a model. */
export interface SamplingReply {
  text: string;
  /** The model name reported to the server. */
  model: string;
  /** Why "generation" stopped; a free string is allowed by the spec, these three are standard. */
  stopReason: string;
}

/** Stop reasons the spec names; the UI offers these. */
export const STOP_REASONS = ['endTurn', 'stopSequence', 'maxTokens'] as const;

/** The model name used when the user leaves it empty, so servers can tell a human answered. */
export const DEFAULT_MODEL_NAME = 'toolscope-human';

/** The JSON-RPC error code the spec suggests for "User rejected sampling request". */
export const USER_REJECTED_CODE = -1;

/** The sampling/createMessage result for the user's reply: one assistant text message. */
export function toCreateMessageResult(reply: SamplingReply): CreateMessageResult {
  return {
    role: 'assistant',
    content: { type: 'text', text: reply.text },
    model: reply.model.trim() || DEFAULT_MODEL_NAME,
    ...(reply.stopReason ? { stopReason: reply.stopReason } : {}),
  };
}

/** The error a rejected sampling request is answered with. */
export function samplingRejected(reason = 'User rejected sampling request'): McpError {
  return new McpError(USER_REJECTED_CODE, reason);
}
