import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { RunningBridge } from '../../server/bridge.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession } from '../support/node-session.ts';

/** A stateless Streamable HTTP MCP server on 127.0.0.1 that remembers the headers it was sent. */
async function startHeaderRecordingServer(status?: number) {
  const seen: IncomingHttpHeaders[] = [];
  const http: Server = createServer((request, response) => {
    seen.push(request.headers);
    if (status) {
      response.writeHead(status, { 'content-type': 'text/plain' }).end('nope');
      return;
    }
    const mcp = new McpServer({ name: 'headers', version: '1.0.0' });
    mcp.registerTool('who', { description: 'Says hello' }, () => ({
      content: [{ type: 'text', text: 'hi' }],
    }));
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    close: () => new Promise<void>((r) => http.close(() => r())),
  };
}

let bridge: RunningBridge;
beforeAll(async () => {
  bridge = await startTestBridge();
});
afterAll(async () => {
  await bridge.close();
});

describe('Streamable HTTP through the bridge', () => {
  it('sends the custom headers (Authorization) on every request', async () => {
    const server = await startHeaderRecordingServer();
    try {
      const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
      await session.connect({
        transport: 'http',
        url: server.url,
        headers: { Authorization: 'Bearer s3cret', 'X-Team': 'blue' },
      });
      expect(session.state.get().error).toBeUndefined();
      expect((await session.callTool('who', {})).status).toBe('ok');
      await session.disconnect();
      expect(server.seen.length).toBeGreaterThanOrEqual(3);
      for (const headers of server.seen.filter((h) => h['content-type'])) {
        expect(headers.authorization).toBe('Bearer s3cret');
        expect(headers['x-team']).toBe('blue');
      }
    } finally {
      await server.close();
    }
  });

  it('reports an HTTP status error as a bridge event and a failed connection', async () => {
    const server = await startHeaderRecordingServer(401);
    try {
      const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
      await session.connect({ transport: 'http', url: server.url });
      expect(session.state.get().status).toBe('disconnected');
      expect(session.state.get().error).toMatch(/401|nope|Unauthorized/i);
      const events = session.state.get().log.map((entry) => entry.event);
      expect(events).toContainEqual(expect.objectContaining({ kind: 'http-error', status: 401 }));
    } finally {
      await server.close();
    }
  });
});
