import { describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, type Tool } from '@modelcontextprotocol/client';
import type { ProtocolEraChoice } from '#shared/targets.ts';
import { IN_MEMORY_TARGET, inMemorySession } from '../../test/support/in-memory-session.ts';

const PAGE_SIZE = 50;

/** A server with `count` tools served `PAGE_SIZE` per page; `grow()` adds one and says so. */
function pagedServer(count: number) {
  const tools: Tool[] = Array.from({ length: count }, (_, i) => ({
    name: `tool_${String(i).padStart(3, '0')}`,
    inputSchema: { type: 'object' },
  }));
  const server = new Server(
    { name: 'paged', version: '1.2.3' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.setRequestHandler('tools/list', (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const next = start + PAGE_SIZE;
    return { tools: tools.slice(start, next), ...(next < tools.length ? { nextCursor: String(next) } : {}) };
  });
  server.setRequestHandler('tools/call', (request) => {
    const { name, arguments: args } = request.params;
    if (name === 'tool_000') return { content: [{ type: 'text', text: JSON.stringify(args) }] };
    if (name === 'tool_001') return { content: [{ type: 'text', text: 'nope' }], isError: true };
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${name}`);
  });
  return {
    server,
    async grow() {
      tools.push({ name: 'tool_new', inputSchema: { type: 'object' } });
      await server.sendToolListChanged();
    },
  };
}

async function connectedSession(count: number, era: ProtocolEraChoice = 'legacy') {
  const fixture = pagedServer(count);
  const session = inMemorySession(fixture.server);
  await session.connect({ ...IN_MEMORY_TARGET, era });
  return { session, fixture };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!check()) throw new Error(`Timed out waiting for ${what}`);
}

describe('McpSession', () => {
  it('connects and shows server info and negotiated protocol version', async () => {
    const { session } = await connectedSession(3);
    const state = session.state.get();
    expect(state.status).toBe('connected');
    expect(state.server?.info).toMatchObject({ name: 'paged', version: '1.2.3' });
    expect(state.server?.protocolVersion).toBe('2025-11-25');
    expect(state.server?.capabilities.tools).toEqual({ listChanged: true });
  });

  it('lists all 260 tools across 6 pages', async () => {
    const { session } = await connectedSession(260);
    const state = session.state.get();
    expect(state.tools).toHaveLength(260);
    expect(state.tools.at(-1)?.name).toBe('tool_259');
    const listCalls = session.trace
      .get()
      .frames.filter((f) => f.message && 'method' in f.message && f.message.method === 'tools/list');
    expect(listCalls).toHaveLength(6);
  });

  it('lists again on notifications/tools/list_changed', async () => {
    const { session, fixture } = await connectedSession(2);
    await fixture.grow();
    await until(() => session.state.get().tools.length === 3, 'the new tool');
    expect(session.state.get().tools.at(-1)?.name).toBe('tool_new');
  });

  it('reports ok, tool errors and protocol errors as outcomes', async () => {
    const { session } = await connectedSession(3);
    const ok = await session.callTool('tool_000', { a: [1, 2] });
    expect(ok.status).toBe('ok');
    expect(ok.result?.content).toEqual([{ type: 'text', text: '{"a":[1,2]}' }]);
    expect((await session.callTool('tool_001', {})).status).toBe('tool-error');
    // The outcome keeps the message exactly as on the wire.
    const failed = await session.callTool('missing', {});
    expect(failed).toMatchObject({
      status: 'protocol-error',
      error: { code: -32602, message: 'Unknown tool missing' },
    });
  });

  it('under Auto probes with server/discover, falls back to initialize and says what the probe found', async () => {
    const { session } = await connectedSession(1, 'auto');
    const state = session.state.get();
    expect(state.server).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(state.eraProbe?.outcome).toMatch(/server\/discover refused \(-32601 .*\): legacy handshake/);
    expect(state.eraProbe?.ms).toBeGreaterThanOrEqual(0);
    const sent = session.trace.get().frames.filter((frame) => frame.direction === 'out');
    expect(sent.slice(0, 2).map((frame) => (frame.message as { method?: string }).method)).toEqual([
      'server/discover',
      'initialize',
    ]);
  });

  it('traces every frame in both directions', async () => {
    const { session } = await connectedSession(1);
    await session.callTool('tool_000', {});
    await new Promise((r) => queueMicrotask(() => r(undefined)));
    const frames = session.trace.get().frames;
    const methods = frames.map((f) =>
      f.message && 'method' in f.message ? `${f.direction} ${f.message.method}` : `${f.direction} response`,
    );
    expect(methods).toEqual([
      'out initialize',
      'in response',
      'out notifications/initialized',
      'out tools/list',
      'in response',
      'out tools/call',
      'in response',
    ]);
  });

  it('offers an older protocol revision when asked, and shows what was negotiated', async () => {
    const fixture = pagedServer(1);
    const session = inMemorySession(fixture.server);
    await session.connect(
      { transport: 'stdio', command: 'x', args: [], era: 'legacy' },
      { protocolVersion: '2024-11-05' },
    );
    expect(session.state.get().server?.protocolVersion).toBe('2024-11-05');
    const initialize = session.trace.get().frames[0]?.message as { params?: { protocolVersion?: string } };
    expect(initialize.params?.protocolVersion).toBe('2024-11-05');
  });

  it('disconnects cleanly', async () => {
    const { session } = await connectedSession(1);
    await session.disconnect();
    expect(session.state.get().status).toBe('disconnected');
    expect(session.state.get().error).toBeUndefined();
  });
});

describe('McpSession under a burst of list_changed', () => {
  it('lists at most once more after the listing in flight', async () => {
    const { session, fixture } = await connectedSession(2);
    const before = session.trace.get().frames.length;
    await Promise.all([fixture.grow(), fixture.grow(), fixture.grow(), fixture.grow(), fixture.grow()]);
    await until(
      () => session.state.get().tools.length === 7 && !session.state.get().toolsLoading,
      'all new tools',
    );
    const lists = session.trace
      .get()
      .frames.slice(before)
      .filter((f) => f.message && 'method' in f.message && f.message.method === 'tools/list');
    expect(lists.length).toBeLessThanOrEqual(2);
  });
});
