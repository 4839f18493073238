import { describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/server';
import { IN_MEMORY_TARGET, inMemorySession } from '../../test/support/in-memory-session.ts';

/** A server whose one tool reports progress every few milliseconds and never finishes, until cancelled. */
function endlessProgressServer() {
  const server = new Server({ name: 'endless', version: '1' }, { capabilities: { tools: {} } });
  const seen = { cancelled: false };
  server.setRequestHandler('tools/list', () => ({
    tools: [{ name: 'forever', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler('tools/call', async (request, context) => {
    const token = request.params._meta?.progressToken;
    // Bounded, so a broken timeout cannot keep the test running for ever.
    for (let step = 1; step <= 2000 && !context.mcpReq.signal.aborted; step++) {
      if (token !== undefined)
        await context.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken: token, progress: step },
        });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    seen.cancelled = context.mcpReq.signal.aborted;
    return { content: [] };
  });
  return { server, seen };
}

describe('call timeouts', () => {
  it('ends a call at the maximum total time even though progress keeps resetting the per-call timeout', async () => {
    const { server, seen } = endlessProgressServer();
    const session = inMemorySession(server);
    await session.connect(IN_MEMORY_TARGET);
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
