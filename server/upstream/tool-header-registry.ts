import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import { checkToolHeaders, mcpParamHeaders, type ToolHeaderCheck } from '#shared/mcp-param-headers.ts';
import { isRecord } from '#shared/untrusted-json.ts';

/** The `_meta` key that marks a request of the 2026-07-28 era (its protocol version). */
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/**
 * The `x-mcp-header` declarations of one connection's tools, read from the `tools/list` results
 * that pass through the bridge, so that a modern `tools/call` can carry its `Mcp-Param-*` headers
 * (the SDK adds them only in its own `callTool`, and never in a browser). Each listed tool's last
 * declaration counts; a tool whose declarations are invalid gets no headers.
 */
export class ToolHeaderRegistry {
  private readonly listRequests = new Set<RequestId>();
  private readonly tools = new Map<string, ToolHeaderCheck>();

  /** Notes a message going to the server (a `tools/list` request to watch for). */
  noteSent(message: JSONRPCMessage): void {
    if ('method' in message && 'id' in message && message.method === 'tools/list')
      this.listRequests.add(message.id);
  }

  /** Notes a message from the server (the answer to a watched `tools/list`). */
  noteReceived(message: JSONRPCMessage): void {
    if (!('id' in message) || 'method' in message || message.id === undefined) return;
    if (!this.listRequests.delete(message.id)) return;
    const tools = 'result' in message && isRecord(message.result) ? message.result.tools : undefined;
    if (!Array.isArray(tools)) return;
    for (const tool of tools) {
      if (isRecord(tool) && typeof tool.name === 'string')
        this.tools.set(tool.name, checkToolHeaders(tool.inputSchema));
    }
  }

  /** The `Mcp-Param-*` headers of a modern `tools/call`, if `message` is one and its tool declares any. */
  headersFor(message: JSONRPCMessage): Record<string, string> | undefined {
    if (!('method' in message) || message.method !== 'tools/call' || !isRecord(message.params))
      return undefined;
    const { name, arguments: args, _meta } = message.params;
    if (!isRecord(_meta) || typeof _meta[PROTOCOL_VERSION_KEY] !== 'string' || typeof name !== 'string')
      return undefined;
    const check = this.tools.get(name);
    if (!check?.valid || !check.headers.length) return undefined;
    const headers = mcpParamHeaders(check.headers, args);
    return Object.keys(headers).length ? headers : undefined;
  }
}
