/**
 * Builds the Toolscope demo MCP server: every tool, resource and capability,
 * but no transport, so tests can connect it in memory and the entry point
 * can connect it to stdio.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerDemoResources } from './resources.ts';
import { registerBehaviourTools } from './tools/behaviour-tools.ts';
import { registerContentTools } from './tools/content-tools.ts';
import { registerDynamicTools } from './tools/dynamic-tools.ts';
import { registerErrorTools } from './tools/error-tools.ts';
import { registerOrderTool } from './tools/order-tool.ts';
import { registerResourceTools } from './tools/resource-tools.ts';
import { registerStructuredTools } from './tools/structured-tools.ts';

/** Server name reported in the initialize response. */
export const DEMO_SERVER_NAME = 'toolscope-demo';
/** Server version reported in the initialize response. */
export const DEMO_SERVER_VERSION = '1.0.0';

/** Creates a fresh, unconnected demo server. */
export function createDemoServer(): McpServer {
  const server = new McpServer(
    { name: DEMO_SERVER_NAME, version: DEMO_SERVER_VERSION, title: 'Toolscope demo server' },
    {
      // Declared up front (rather than left to McpServer's lazy registration) so the
      // tools/resources handlers exist from construction on and tools can be added
      // after connect() (toggle_extra_tool) without touching capabilities.
      capabilities: { tools: { listChanged: true }, resources: {}, logging: {} },
      instructions:
        'A showcase server for MCP inspectors: each tool demonstrates one kind of content, schema, error or ' +
        'notification. Nothing it does has real side effects.',
    },
  );
  registerDemoResources(server);
  registerContentTools(server);
  registerStructuredTools(server);
  registerOrderTool(server);
  registerResourceTools(server);
  registerErrorTools(server);
  registerBehaviourTools(server);
  registerDynamicTools(server);
  return server;
}
