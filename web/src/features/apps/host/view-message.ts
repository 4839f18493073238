import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/client';

/** A message from a View, checked: a JSON-RPC 2.0 message, or why it was refused. */
export type ViewMessage = { ok: true; message: JSONRPCMessage } | { ok: false; reason: string };

/** Largest message accepted from a View, in UTF-16 code units of its JSON (a View cannot swamp the page). */
export const MAX_VIEW_MESSAGE = 4 * 1024 * 1024;

/**
 * Checks what a View posted. Only JSON-RPC 2.0 requests, notifications and responses pass; the sandbox
 * proxy's own notifications are refused from a View (it cannot pretend to be the proxy).
 */
export function readViewMessage(data: unknown, from: 'view' | 'proxy' = 'view'): ViewMessage {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { ok: false, reason: 'not a JSON-RPC object' };
  let size: number;
  try {
    size = JSON.stringify(data).length;
  } catch {
    return { ok: false, reason: 'not serialisable as JSON' };
  }
  if (size > MAX_VIEW_MESSAGE) return { ok: false, reason: `too large (${size} characters)` };
  const record = data as Record<string, unknown>;
  if (record.jsonrpc !== '2.0') return { ok: false, reason: 'jsonrpc is not "2.0"' };
  const message = data as JSONRPCMessage;
  const valid =
    isJSONRPCRequest(message) ||
    isJSONRPCNotification(message) ||
    isJSONRPCResultResponse(message) ||
    isJSONRPCErrorResponse(message);
  if (!valid) return { ok: false, reason: 'not a JSON-RPC request, notification or response' };
  const method = typeof record.method === 'string' ? record.method : undefined;
  if (from === 'view' && method?.startsWith('ui/notifications/sandbox-'))
    return { ok: false, reason: `${method} may only come from the sandbox proxy` };
  return { ok: true, message };
}

/**
 * How many messages a View may send per window of time: a View that floods the page is cut off (its
 * messages dropped) instead of freezing it.
 */
export class MessageBudget {
  private windowStart = 0;
  private count = 0;

  constructor(
    private readonly limit = 100,
    private readonly windowMs = 1000,
  ) {}

  /** True when one more message fits; `now` in milliseconds. */
  take(now: number): boolean {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count++;
    return this.count <= this.limit;
  }
}
