import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown) =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

/**
 * Whether a parsed line is a JSON-RPC 2.0 message, by the same rules as the SDK's
 * JSONRPCMessageSchema (request, notification, result or error response), checked by hand:
 * this runs for every line a stdio server writes, and the schema check was a large share
 * of the bridge's CPU time per call.
 */
export function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  if ('method' in value) {
    if (typeof value.method !== 'string') return false;
    if (value.params !== undefined && !isObject(value.params)) return false;
    return !('id' in value) || isId(value.id);
  }
  if ('result' in value) return isId(value.id) && isObject(value.result);
  if ('error' in value) {
    const error = value.error;
    return (
      (value.id === undefined || isId(value.id)) &&
      isObject(error) &&
      typeof error.code === 'number' &&
      Number.isInteger(error.code) &&
      typeof error.message === 'string'
    );
  }
  return false;
}
