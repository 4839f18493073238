import { explainMcpError, jsonRpcErrorName } from '#client/session/error-kinds.ts';

export { explainMcpError, jsonRpcErrorName };

/**
 * A readable message for a failed request: the SDK prefixes "MCP error <code>: " (twice when the
 * server's own message already had it), so the prefixes go and the code comes back once, named.
 */
export function describeRequestError(error: unknown): string {
  const text = stripMcpPrefix(error instanceof Error ? error.message : String(error));
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'number') return text;
  const name = jsonRpcErrorName(code);
  return `${text} (JSON-RPC ${code}${name ? ` · ${name}` : ''})`;
}

/** Removes the SDK's "MCP error <code>: " prefixes, which repeat when a server re-wraps an McpError. */
export function stripMcpPrefix(message: string): string {
  return message.replace(/^(MCP error -?\d+: )+/, '');
}

/**
 * What a refused call means when the code alone is ambiguous: -32602 is both "unknown tool" and
 * "malformed params" (2026-07-28 says so for both), told apart by the server's message; -32601 is
 * a method the server lacks. Neither is a tool error: those come back as results with isError.
 */
export function explainCallError(code: unknown, message: string): string | undefined {
  if (code === -32602) {
    return /unknown tool|tool .*not found|no such tool|tool .*does not exist|not a known tool/i.test(message)
      ? 'Unknown tool: the server does not know a tool by this name. List the tools again (Refresh): it may have been removed, or renamed.'
      : 'Invalid params: the request itself was malformed (not the arguments failing the tool’s own checks, which come back as a result with isError: true).';
  }
  if (code === -32601)
    return 'Method not found: the server does not implement tools/call (over 2026-07-28 HTTP, answered with HTTP 404).';
  if (code === -32002)
    return 'Resource not found (the code before 2026-07-28; from 2026-07-28 on, a missing resource is -32602).';
  return undefined;
}
