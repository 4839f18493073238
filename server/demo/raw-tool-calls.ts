/**
 * "Raw" tools: tools listed by McpServer like any other, but whose calls may skip McpServer's
 * handling of the handler's outcome.
 *
 * Why this exists: McpServer's `tools/call` handler (SDK 2.4)
 *  - validates `structuredContent` against the output schema and replaces a violating result
 *    with an `isError` result,
 *  - turns *any* thrown error (a ProtocolError included) into an `isError` result, and
 *  - checks every result against the era's CallToolResult (a task result has no `content`).
 * The demo must show an inspector what a real output-schema violation, a real JSON-RPC error and
 * a task of the tasks extension look like on the wire, so those tools are answered by a thin
 * router placed in front of McpServer's own handler. A raw handler that returns `undefined`
 * leaves the call to McpServer after all.
 */
import type {
  CallToolRequest,
  CallToolResult,
  InputRequiredResult,
  McpServer,
  ServerContext,
  ToolAnnotations,
} from '@modelcontextprotocol/server';
import type * as z from 'zod';

/** Handler of a raw tool: whatever it returns or throws goes out unchanged; undefined means "as usual". */
export type RawToolHandler = (
  request: CallToolRequest,
  ctx: ServerContext,
) => RawResult | undefined | Promise<RawResult | undefined>;

/** What a raw tool may answer: a tool result, or any other result (a task). */
type RawResult = CallToolResult | Record<string, unknown>;

/** Listing metadata of a raw tool. */
export interface RawToolConfig {
  title: string;
  description: string;
  inputSchema?: z.ZodObject;
  outputSchema?: z.ZodObject;
  annotations?: ToolAnnotations;
}

type StoredHandler = (request: CallToolRequest, ctx: ServerContext) => Promise<unknown>;

const rawHandlersByServer = new WeakMap<McpServer, Map<string, RawToolHandler>>();

/**
 * Registers `name` with McpServer (so it is listed with its schemas and annotations) and answers
 * its calls with `raw` first; `fallback` runs through McpServer as any tool does when `raw`
 * declines (returns undefined).
 */
export function registerRawTool(
  server: McpServer,
  name: string,
  config: RawToolConfig,
  raw: RawToolHandler,
  fallback: (
    args: Record<string, unknown>,
    ctx: ServerContext,
  ) => CallToolResult | InputRequiredResult | Promise<CallToolResult | InputRequiredResult> = () => {
    throw new Error(`${name} has no answer here`);
  },
): void {
  // Registering first also guarantees McpServer has installed its own tools/call handler.
  server.registerTool(name, config, fallback as never);
  let handlers = rawHandlersByServer.get(server);
  if (!handlers) {
    handlers = new Map();
    rawHandlersByServer.set(server, handlers);
    installRouter(server, handlers);
  }
  handlers.set(name, raw);
}

function installRouter(server: McpServer, handlers: Map<string, RawToolHandler>): void {
  // McpServer offers no public way to wrap its tools/call handler, so the one it installed (already
  // wrapped by Server with its result checks) is read from the protocol's handler map, and the
  // router is put in its place unwrapped. Fail loudly at startup if a future SDK changes that,
  // rather than silently losing the demo behaviour.
  const internals = server.server as unknown as { _requestHandlers?: Map<string, StoredHandler> };
  const mcpServerHandler = internals._requestHandlers?.get('tools/call');
  if (typeof mcpServerHandler !== 'function') {
    throw new Error('toolscope-demo: cannot find McpServer tools/call handler (SDK internals changed?)');
  }
  internals._requestHandlers!.set('tools/call', async (request, ctx) => {
    const raw = handlers.get(request.params.name);
    const answer = raw ? await raw(request, ctx) : undefined;
    return answer ?? mcpServerHandler(request, ctx);
  });
}
