/**
 * The two ways a tool call can fail in MCP: a tool-level error (a normal
 * result with `isError: true`, meant for the model to read) and a
 * protocol-level JSON-RPC error (the request itself is rejected).
 */
import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server';
import { registerRawTool } from '../raw-tool-calls.ts';

/** Registers `fail_with_tool_error` and `fail_with_protocol_error`. */
export function registerErrorTools(server: McpServer): void {
  server.registerTool(
    'fail_with_tool_error',
    {
      title: 'Fail with a tool error',
      description: 'Always fails the way tools should: a result with isError: true and an explanation.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => ({
      isError: true,
      content: [
        {
          type: 'text',
          text:
            'The demo warehouse is closed, so this operation could not be completed. ' +
            '(This is a tool error: the JSON-RPC call succeeded and the result has isError: true.)',
        },
      ],
    }),
  );

  // Raw tool: McpServer converts every thrown error, ProtocolError included, into an
  // isError result; the router lets this one reach the wire as a JSON-RPC error.
  registerRawTool(
    server,
    'fail_with_protocol_error',
    {
      title: 'Fail with a protocol error',
      description:
        'Always rejects the tools/call request itself with a JSON-RPC error (code -32602, Invalid params) instead of returning a result.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'fail_with_protocol_error always rejects its request',
        {
          reason: 'demo',
          hint: 'Protocol errors have no result, so there is no content or isError to show.',
        },
      );
    },
  );
}
