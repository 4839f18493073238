/**
 * Entry point of the demo MCP server, in both protocol eras (2025 handshake and 2026-07-28):
 *   node --import tsx server/demo/demo-server.ts                     # stdio (the default)
 *   node --import tsx server/demo/demo-server.ts --http [--port <n>] [--host <addr>]
 * Over stdio, stdout carries JSON-RPC only and diagnostics go to stderr. Over HTTP the endpoint
 * (`http://127.0.0.1:<port>/mcp`, port 3001 by default, 0 for a free one) is printed to stdout as
 * `toolscope-demo listening on <url>`.
 */
import { parseArgs } from 'node:util';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createDemoServer, DEMO_SERVER_NAME, DEMO_SERVER_VERSION } from './create-demo-server.ts';
import { startDemoHttp } from './demo-http.ts';
import { DemoState } from './demo-state.ts';

const { values } = parseArgs({
  options: {
    http: { type: 'boolean', default: false },
    port: { type: 'string', default: '3001' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});

const state = new DemoState();
let stop: () => Promise<void>;
if (values.http) {
  const server = await startDemoHttp({ port: Number(values.port), host: values.host, state });
  console.log(`${DEMO_SERVER_NAME} listening on ${server.url}`);
  stop = () => server.close();
} else {
  // One instance per connection, pinned to the era its first message chose.
  const handle = serveStdio(() => createDemoServer({ state }), {
    onerror: (error) => console.error(`${DEMO_SERVER_NAME}: ${error.message}`),
  });
  console.error(`${DEMO_SERVER_NAME} ${DEMO_SERVER_VERSION} ready on stdio`);
  // Exit once the client goes away (stdin closed).
  process.stdin.on('end', () => void shutdown());
  stop = () => handle.close();
}

async function shutdown(): Promise<void> {
  try {
    await stop();
  } finally {
    state.close();
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
