/**
 * "Raw" tools: tools listed by McpServer like any other, but whose calls skip
 * McpServer's post-processing of the handler's outcome.
 *
 * Why this exists: in SDK 1.32 McpServer's `tools/call` handler
 *  - validates `structuredContent` against the output schema and replaces a
 *    violating result with an `isError` result, and
 *  - turns *any* thrown error (even an McpError) into an `isError` result.
 * The demo must show an inspector what a real output-schema violation and a
 * real JSON-RPC error look like on the wire, so those two tools are answered
 * by a thin router placed in front of McpServer's own handler.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  type CallToolRequest,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';

/** Request context handed to tool handlers. */
export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Handler of a raw, argument-less tool: whatever it returns or throws goes out unchanged. */
export type RawToolHandler = (extra: ToolExtra) => CallToolResult | Promise<CallToolResult>;

/** Listing metadata of a raw tool (it takes no arguments). */
export interface RawToolConfig {
  title: string;
  description: string;
  outputSchema?: ZodRawShapeCompat;
  annotations?: ToolAnnotations;
}

type StoredHandler = (request: unknown, extra: ToolExtra) => Promise<unknown>;

const rawHandlersByServer = new WeakMap<McpServer, Map<string, RawToolHandler>>();

/**
 * Registers `name` with McpServer (so it is listed with its schemas and
 * annotations) and answers its calls directly, bypassing McpServer's output
 * validation and error wrapping.
 */
export function registerRawTool(
  server: McpServer,
  name: string,
  config: RawToolConfig,
  handler: RawToolHandler,
): void {
  // Registering first also guarantees McpServer has installed its own tools/call handler.
  server.registerTool(name, config, handler);
  let handlers = rawHandlersByServer.get(server);
  if (!handlers) {
    handlers = new Map();
    rawHandlersByServer.set(server, handlers);
    installRouter(server, handlers);
  }
  handlers.set(name, handler);
}

function installRouter(server: McpServer, handlers: Map<string, RawToolHandler>): void {
  // McpServer offers no public way to wrap its tools/call handler, so the one it
  // installed is read from the protocol's handler map. Fail loudly at startup if
  // a future SDK changes that, rather than silently losing the demo behaviour.
  const internals = server.server as unknown as { _requestHandlers?: Map<string, StoredHandler> };
  const mcpServerHandler = internals._requestHandlers?.get('tools/call');
  if (typeof mcpServerHandler !== 'function') {
    throw new Error('toolscope-demo: cannot find McpServer tools/call handler (SDK internals changed?)');
  }
  server.server.setRequestHandler(CallToolRequestSchema, async (request: CallToolRequest, extra) => {
    const raw = handlers.get(request.params.name);
    if (raw) return raw(extra);
    return (await mcpServerHandler(request, extra)) as CallToolResult;
  });
}
