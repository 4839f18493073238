import { describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpSession } from './mcp-session.ts';
import { StampingTransport } from './stamping-transport.ts';

/** A server whose one tool reports progress every few milliseconds and never finishes, until cancelled. */
function endlessProgressServer() {
  const server = new Server({ name: 'endless', version: '1' }, { capabilities: { tools: {} } });
  const seen = { cancelled: false };
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'forever', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const token = request.params._meta?.progressToken;
    // Bounded, so a broken timeout cannot keep the test running for ever.
    for (let step = 1; step <= 2000 && !extra.signal.aborted; step++) {
      if (token !== undefined)
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: step },
        });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    seen.cancelled = extra.signal.aborted;
    return { content: [] };
  });
  return { server, seen };
}

describe('call timeouts', () => {
  it('ends a call at the maximum total time even though progress keeps resetting the per-call timeout', async () => {
    const { server, seen } = endlessProgressServer();
    const session = new McpSession({
      createTransport: () => {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        void server.connect(serverSide);
        return new StampingTransport(clientSide);
      },
    });
    await session.connect({ transport: 'stdio', command: 'in-memory', args: [] });
    let progressed = 0;
    const outcome = await session.callTool(
      'forever',
      {},
      {
        timeoutMs: 100,
        maxTotalMs: 400,
        onprogress: () => progressed++,
      },
    );
    expect(outcome.status).toBe('timed-out');
    expect(outcome.error?.message).toMatch(/Maximum total timeout exceeded/);
    // Progress arrived all along, so only the maximum total can have ended it.
    expect(progressed).toBeGreaterThan(0);
    for (let i = 0; i < 200 && !seen.cancelled; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen.cancelled).toBe(true);
    const cancelled = session.trace
      .get()
      .frames.some(
        (frame) => (frame.message as { method?: string } | undefined)?.method === 'notifications/cancelled',
      );
    expect(cancelled).toBe(true);

    await session.disconnect();
  });
});
