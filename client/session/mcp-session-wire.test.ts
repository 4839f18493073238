import { describe, expect, it } from 'vitest';
import { ProtocolError } from '@modelcontextprotocol/client';
import { McpServer, Server } from '@modelcontextprotocol/server';
import type { ServerTarget } from '#shared/targets.ts';
import { inMemorySession } from '../../test/support/in-memory-session.ts';

/**
 * A server whose lists carry cache hints and whose tools/call is refused once with -32020; it
 * counts the requests it gets, to tell cached listings from listings on the wire.
 */
function hintedServer() {
  const counts = { toolsList: 0, resourcesList: 0, calls: 0 };
  let refuseNext = false;
  const make = () => {
    const server = new Server(
      { name: 'hinted', version: '1' },
      { capabilities: { tools: { listChanged: true }, resources: { listChanged: true } } },
    );
    server.setRequestHandler('tools/list', () => {
      counts.toolsList++;
      return {
        tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
        ttlMs: 60_000,
        cacheScope: 'public',
      } as never;
    });
    server.setRequestHandler('resources/list', () => {
      counts.resourcesList++;
      return { resources: [{ uri: 'x://a', name: 'a' }], ttlMs: 60_000, cacheScope: 'private' } as never;
    });
    server.setRequestHandler('tools/call', () => {
      counts.calls++;
      if (refuseNext) {
        refuseNext = false;
        throw new ProtocolError(-32020, 'Mcp-Param-Region header does not match the body');
      }
      return { content: [{ type: 'text', text: 'ok' }], resultType: 'complete' } as never;
    });
    return server;
  };
  let current: Server | undefined;
  const session = inMemorySession(() => (current = make()));
  const target: ServerTarget = { transport: 'stdio', command: 'in-memory', args: [], era: 'legacy' };
  return {
    session,
    counts,
    target,
    refuseOnce: () => (refuseNext = true),
    announceToolsChanged: () => current!.sendToolListChanged(),
  };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!check()) throw new Error(`Timed out waiting for ${what}`);
}

describe('McpSession list cache', () => {
  it('lists tools from the cache within their TTL (a reconnect asks nothing), and Refresh asks the server', async () => {
    const { session, counts, target } = hintedServer();
    await session.connect(target);
    expect(counts.toolsList).toBe(1);
    expect(session.state.get().toolsFreshness).toMatchObject({
      ttlMs: 60_000,
      cacheScope: 'public',
      fromCache: false,
    });

    await session.connect(target);
    expect(session.state.get().tools.map((tool) => tool.name)).toEqual(['echo']);
    expect(counts.toolsList).toBe(1);
    expect(session.state.get().toolsFreshness?.fromCache).toBe(true);

    await session.refreshTools({ fresh: true });
    expect(counts.toolsList).toBe(2);
    expect(session.state.get().toolsFreshness?.fromCache).toBe(false);

    await session.connect({ ...target, command: 'another' });
    expect(counts.toolsList).toBe(3);
  });

  it('a list_changed notification drops the cached tool list', async () => {
    const { session, counts, target, announceToolsChanged } = hintedServer();
    await session.connect(target);
    await announceToolsChanged();
    await until(() => counts.toolsList === 2, 'the listing after list_changed');
    await session.refreshTools();
    expect(counts.toolsList).toBe(2);
  });

  it('serves resources/list pages from the cache, Refresh from the server', async () => {
    const { session, counts, target } = hintedServer();
    await session.connect(target);
    const first = await session.listPage('resources/list');
    const second = await session.listPage('resources/list');
    expect([first.freshness.fromCache, second.freshness.fromCache]).toEqual([false, true]);
    expect(second.freshness.cacheScope).toBe('private');
    await session.listPage('resources/list', undefined, { fresh: true });
    expect(counts.resourcesList).toBe(2);
  });

  it('asks no prompts/list of a server that declares no prompts', async () => {
    const { session, target } = hintedServer();
    await session.connect(target);
    // Sent, the request would come back as the server's -32601; refused here, it is never sent.
    await expect(session.listPage('prompts/list')).rejects.toThrow('This server does not declare prompts.');
  });
});

describe('McpSession wire results and -32020', () => {
  it('gives the result as sent, resultType included', async () => {
    const { session, target } = hintedServer();
    await session.connect(target);
    const outcome = await session.callTool('echo', { a: 1 });
    expect(outcome.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'ok' }] });
  });

  it('on -32020 lists the tools again (past the cache) and retries once, saying so', async () => {
    const { session, counts, target, refuseOnce } = hintedServer();
    await session.connect(target);
    refuseOnce();
    const outcome = await session.callTool('echo', {});
    expect(outcome.status).toBe('ok');
    expect(outcome.retryOf).toMatchObject({ code: -32020 });
    expect(counts).toMatchObject({ calls: 2, toolsList: 2 });
  });
});

describe('McpSession setup', () => {
  // The page's render of "connected" can run before the first listing (and a modern connection's listen)
  // leaves, and hold them back for its whole length; so the listing must be on the wire when the state says
  // connected.
  it('sends tools/list before the state turns connected', async () => {
    const session = inMemorySession(() => {
      const server = new McpServer(
        { name: 'modern', version: '1' },
        { capabilities: { tools: { listChanged: true } } },
      );
      server.registerTool('echo', { description: 'Echo' }, () => ({ content: [] }));
      return server;
    });
    let sentWhenConnected: string[] | undefined;
    const stop = session.state.subscribe(() => {
      if (sentWhenConnected || session.state.get().status !== 'connected') return;
      sentWhenConnected = session.trace
        .get()
        .frames.filter((frame) => frame.direction === 'out')
        .map((frame) => (frame.message as { method?: string } | undefined)?.method ?? '');
    });
    await session.connect({ transport: 'stdio', command: 'in-memory', args: [], era: 'legacy' });
    stop();
    expect(session.state.get().error).toBeUndefined();
    expect(sentWhenConnected).toContain('tools/list');
    expect(session.state.get().tools.map((tool) => tool.name)).toEqual(['echo']);
  });
});
