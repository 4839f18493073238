/**
 * What JSON-RPC and MCP error codes are called and mean: shared by the session (connect failures)
 * and the result view (refused calls).
 */

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
