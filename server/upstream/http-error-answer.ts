import { SdkHttpError, type JSONRPCErrorResponse, type RequestId } from '@modelcontextprotocol/client';
import type { RelayErrorData } from '#shared/bridge-protocol.ts';
import { isRecord, parseJsonText } from '#shared/untrusted-json.ts';

/** How much of a non-JSON-RPC error body the relay error keeps. */
const BODY_PREVIEW_CHARS = 2000;

/** The status and body text of a failed POST, when `error` is the SDK's HTTP error. */
export function httpFailure(error: unknown): RelayErrorData | undefined {
  if (!(error instanceof SdkHttpError)) return undefined;
  const data: unknown = error.data;
  if (!isRecord(data) || typeof data.status !== 'number') return undefined;
  const text = typeof data.text === 'string' ? data.text : undefined;
  return { status: data.status, ...(text ? { body: text.slice(0, BODY_PREVIEW_CHARS) } : {}) };
}

/** The JSON-RPC error response in the body of a failed POST, when the body is one. */
export function jsonRpcErrorBody(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof SdkHttpError) || !isRecord(error.data) || typeof error.data.text !== 'string')
    return;
  const body = parseJsonText(error.data.text);
  if (!body.ok || !isRecord(body.value) || body.value.jsonrpc !== '2.0') return undefined;
  const rpcError = body.value.error;
  const isError =
    isRecord(rpcError) && Number.isInteger(rpcError.code) && typeof rpcError.message === 'string';
  return isError && !('result' in body.value) ? body.value : undefined;
}

/**
 * The server's own JSON-RPC error in the body of a failed POST (a 400 with -32022, a 404 with
 * -32601, …), as the answer to request `id`: the page must see the server's code and data, not a
 * bridge error. A body error with no id (the server could not tell) answers the one request the
 * POST carried; one with another id is not an answer.
 */
export function serverAnswerIn(error: unknown, id: RequestId): JSONRPCErrorResponse | undefined {
  const body = jsonRpcErrorBody(error);
  if (!body) return undefined;
  if (body.id === undefined || body.id === null) return { ...body, id } as JSONRPCErrorResponse;
  return body.id === id ? (body as JSONRPCErrorResponse) : undefined;
}
