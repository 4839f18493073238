/**
 * Entry point of the demo MCP server over stdio:
 *   node --import tsx server/demo/demo-server.ts
 * stdout carries JSON-RPC only; diagnostics go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDemoServer, DEMO_SERVER_NAME, DEMO_SERVER_VERSION } from './create-demo-server.ts';

const server = createDemoServer();
await server.connect(new StdioServerTransport());
console.error(`${DEMO_SERVER_NAME} ${DEMO_SERVER_VERSION} ready on stdio`);

// Exit once the client goes away (stdin closed) or asks us to stop.
const shutdown = () => {
  void server.close().finally(() => process.exit(0));
};
process.stdin.on('end', shutdown);
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
