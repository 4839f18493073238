import { ProtocolError, SdkError } from '@modelcontextprotocol/client';
import { RELAY_ERROR_CODE, type RelayErrorData, type TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import { lastStderr, startupFailure } from './startup-failure.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { explainMcpError, jsonRpcErrorName } from './error-kinds.ts';

/** Why a connect failed, by kind: the server's own error (code, data) or the HTTP status, explained. */
export interface ConnectFailure {
  /** One line: the code and its name, then the message. */
  headline: string;
  /** What it means and what to do, when the kind is known. */
  explanation?: string;
  /** The JSON-RPC code, when there was one. */
  code?: number;
  /** The error's `data` as the server sent it (supported versions, required capabilities, HTTP body). */
  data?: unknown;
  /** A stdio server's stderr line that says why it could not start ("Error: Cannot find module …"). */
  cause?: string;
  /** Its last stderr lines, when no line names a cause. */
  stderr?: string[];
}

/**
 * A failed connect with what the server wrote to stderr meanwhile: the line that says why it could not start,
 * else its last lines (a server that exits at once usually said why there).
 */
export function withStderr(failure: ConnectFailure, events: readonly TimedBridgeEvent[]): ConnectFailure {
  const cause = startupFailure(events);
  if (cause) return { ...failure, cause };
  const stderr = lastStderr(events);
  return stderr.length ? { ...failure, stderr } : failure;
}

/**
 * Reads a failed connect's error: the server's JSON-RPC error keeps its code and data (a
 * modern-only server refusing `initialize` with -32022 names the versions it supports), and a
 * bridge error caused by an HTTP answer says what that status usually means for an MCP URL.
 */
export function describeConnectFailure(
  error: unknown,
  target: ServerTarget | undefined,
  probeAnswer?: Record<string, unknown>,
): ConnectFailure {
  // The SDK's own negotiation error hides what server/discover was answered: tell it from the wire.
  const refused = probeAnswer?.error as { code?: unknown; message?: unknown; data?: unknown } | undefined;
  if (error instanceof SdkError && typeof error.code === 'string' && typeof refused?.code === 'number') {
    const probe = describeConnectFailure(
      new ProtocolError(refused.code, String(refused.message ?? ''), refused.data),
      target,
    );
    return {
      ...probe,
      headline: `${error.message}. server/discover was answered ${probe.headline}`,
    };
  }
  if (error instanceof ProtocolError || (error instanceof SdkError && typeof error.code === 'number')) {
    const code = error.code as number;
    const name = jsonRpcErrorName(code);
    // A message that opens with the code's name says it once ("Method not found", not "… · Method not found:
    // Method not found").
    const saysName = name !== undefined && error.message.toLowerCase().startsWith(name.toLowerCase());
    const headline = `JSON-RPC ${code}${name && !saysName ? ` · ${name}` : ''}: ${error.message}`;
    const explanation =
      code === RELAY_ERROR_CODE
        ? explainHttpStatus((error.data as RelayErrorData | undefined)?.status, target)
        : (explainMcpError(code, error.data) ?? explainAtConnect(code));
    return {
      headline,
      code,
      ...(explanation ? { explanation } : {}),
      ...(error.data !== undefined ? { data: error.data } : {}),
    };
  }
  return { headline: error instanceof Error ? error.message : String(error) };
}

/** What a code means when it answers the opening request (`server/discover` or `initialize`). */
function explainAtConnect(code: number): string | undefined {
  switch (code) {
    case -32601:
      return 'The server does not implement the opening request (server/discover in the modern era, initialize in the legacy one). Try another Protocol era in the connection options, or check that this is an MCP server.';
    case -32602:
      return 'The server found the opening request malformed (invalid params): under 2026-07-28 that is also how a missing _meta envelope key is refused.';
    default:
      return undefined;
  }
}

/** What an HTTP status means for an MCP endpoint URL. */
export function explainHttpStatus(
  status: number | undefined,
  target: ServerTarget | undefined,
): string | undefined {
  const url = target && target.transport !== 'stdio' ? ` at ${target.url}` : '';
  if (status === 404)
    return `HTTP 404: nothing answers MCP${url}. Check the path: Streamable HTTP servers often serve /mcp, legacy SSE servers /sse.`;
  if (status === 401 || status === 403)
    return `HTTP ${status}: the server wants authorization. Add an Authorization header under Options.`;
  if (status === 405)
    return `HTTP 405: the URL refuses this HTTP method. A server that only speaks the deprecated HTTP+SSE transport needs Transport "SSE".`;
  if (status !== undefined && status >= 500)
    return `HTTP ${status}: the server failed on its side; its log may say why.`;
  if (status !== undefined) return `HTTP ${status}: the answer was not an MCP message.`;
  return undefined;
}
