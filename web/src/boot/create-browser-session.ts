import { McpSession } from '../mcp/mcp-session.ts';
import { BridgeSocket, bridgeSocketUrl } from '../mcp/bridge-socket.ts';
import { BridgeTransport } from '../mcp/bridge-transport.ts';

/** The production session: each connection gets a fresh WebSocket to the bridge that served the page. */
export function createBrowserSession(token: string): McpSession {
  return new McpSession({
    createTransport: (target) =>
      new BridgeTransport(new BridgeSocket(bridgeSocketUrl(window.location, token)), target),
    clientInfo: { name: 'toolscope', version: '0.1.0' },
    scheduleTrace: (run) => requestAnimationFrame(() => run()),
  });
}
