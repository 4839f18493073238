/**
 * Builds the Toolscope demo MCP server: every tool, resource and capability, but no transport,
 * so tests can connect it in memory and the entry point can serve it over stdio or HTTP, in the
 * 2025 era and in 2026-07-28 alike.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { DEMO_CACHE_HINTS, registerCacheDemo } from './cache-hints.ts';
import { DemoState } from './demo-state.ts';
import { registerDemoResources } from './resources.ts';
import { registerTaskTools, TASKS_EXTENSION } from './tasks/task-tools.ts';
import { registerBehaviourTools } from './tools/behaviour-tools.ts';
import { registerContentTools } from './tools/content-tools.ts';
import { registerDynamicTools } from './tools/dynamic-tools.ts';
import { registerErrorTools } from './tools/error-tools.ts';
import { registerHeaderTools } from './tools/header-tools.ts';
import { registerOrderTool } from './tools/order-tool.ts';
import { registerResourceTools } from './tools/resource-tools.ts';
import { registerRoundTripTools } from './tools/round-trip-tools.ts';
import { registerStructuredTools } from './tools/structured-tools.ts';
import { registerWeatherCardApp } from './tools/weather-card-app.ts';

/** Server name reported in the initialize response. */
export const DEMO_SERVER_NAME = 'toolscope-demo';
/** Server version reported in the initialize response. */
export const DEMO_SERVER_VERSION = '1.0.0';

/** Options of {@link createDemoServer}. */
export interface DemoServerOptions {
  /** State shared by every instance of one demo process (a fresh one when omitted). */
  state?: DemoState;
  /**
   * True (the default) for an instance that serves a whole connection: it follows changes of the
   * shared tool list and announces them. False for one that serves a single HTTP request.
   */
  live?: boolean;
}

/** Creates a fresh, unconnected demo server. */
export function createDemoServer({
  state = new DemoState(),
  live = true,
}: DemoServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: DEMO_SERVER_NAME, version: DEMO_SERVER_VERSION, title: 'Toolscope demo server' },
    {
      // Declared up front (rather than left to McpServer's lazy registration) so the
      // tools/resources handlers exist from construction on and tools can be added
      // after connect() (toggle_extra_tool) without touching capabilities.
      capabilities: {
        tools: { listChanged: true },
        resources: {},
        logging: {},
        extensions: { [TASKS_EXTENSION]: {} },
      },
      instructions:
        'A showcase server for MCP inspectors: each tool demonstrates one kind of content, schema, error or ' +
        'notification, in the 2025 era and in 2026-07-28. Nothing it does has real side effects.',
      cacheHints: DEMO_CACHE_HINTS,
    },
  );
  registerDemoResources(server);
  registerContentTools(server);
  registerStructuredTools(server);
  registerOrderTool(server);
  registerResourceTools(server);
  registerErrorTools(server);
  registerBehaviourTools(server);
  registerDynamicTools(server, state, live);
  registerHeaderTools(server);
  registerRoundTripTools(server);
  registerTaskTools(server, state.tasks);
  registerCacheDemo(server);
  registerWeatherCardApp(server);
  return server;
}
