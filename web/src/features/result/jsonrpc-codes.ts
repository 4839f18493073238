/** Names of the JSON-RPC and MCP error codes a server is likely to send. */
const NAMES: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
  [-32000]: 'Connection closed',
  [-32001]: 'Request timeout',
  [-32002]: 'Resource not found',
  [-32042]: 'URL elicitation required',
};

/** "Invalid params" for -32602; "Server error" for the reserved range; undefined otherwise. */
export function jsonRpcErrorName(code: unknown): string | undefined {
  if (typeof code !== 'number') return undefined;
  return NAMES[code] ?? (code <= -32000 && code >= -32099 ? 'Server error' : undefined);
}

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
