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
  [-32020]: 'Header mismatch',
  [-32021]: 'Missing required client capability',
  [-32022]: 'Unsupported protocol version',
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

/**
 * What a 2026-07-28 error means, read from its code and `data` (the spec's shapes, read loosely):
 * -32020 a header that does not match the body, -32021 the client capabilities the server needs,
 * -32022 the versions the server supports. Undefined for other codes.
 */
export function explainMcpError(code: unknown, data: unknown): string | undefined {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  switch (code) {
    case -32020: {
      const mismatch = fields.mismatch as { header?: unknown; body?: unknown } | undefined;
      const detail = mismatch
        ? ` The header said ${JSON.stringify(mismatch.header)}, the body ${JSON.stringify(mismatch.body)}.`
        : '';
      return `An HTTP header (MCP-Protocol-Version, Mcp-Method, Mcp-Name or an Mcp-Param-* declared with x-mcp-header) was missing or did not match the request body.${detail} A client should list the tools again and retry.`;
    }
    case -32021: {
      const required = fields.requiredCapabilities;
      const names =
        typeof required === 'object' && required !== null ? Object.keys(required).join(', ') : undefined;
      return `The server needs client capabilities this connection did not declare${names ? `: ${names}` : ''}. Turn them on in Settings and connect again.`;
    }
    case -32022: {
      const supported = Array.isArray(fields.supported) ? fields.supported.map(String).join(', ') : undefined;
      const requested = typeof fields.requested === 'string' ? fields.requested : undefined;
      return `The server does not speak ${requested ?? 'the requested protocol version'}${supported ? `; it supports ${supported}` : ''}. Choose another Protocol era in the connection options.`;
    }
    default:
      return undefined;
  }
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
