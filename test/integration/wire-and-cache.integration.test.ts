import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { startV2HttpFixture } from '../fixtures/v2-fixture-server.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession } from '../support/node-session.ts';

// The modern era's wire and list cache, with the page's session code through the bridge, against a strict SDK v2
// server over Streamable HTTP: the wire as sent (headers, resultType), tools set apart for an
// invalid x-mcp-header, and the list cache across connections.

let bridge: RunningBridge;
let modernHttp: Awaited<ReturnType<typeof startV2HttpFixture>>;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
  modernHttp = await startV2HttpFixture({ legacy: 'reject' });
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await modernHttp.close();
  await bridge.close();
});

function newSession(): McpSession {
  const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
  sessions.push(session);
  return session;
}

const target = (): ServerTarget => ({ transport: 'http', url: modernHttp.url, era: 'modern' });
const sent = (session: McpSession, method: string): Frame[] =>
  session.trace
    .get()
    .frames.filter(
      (frame) =>
        frame.direction === 'out' && (frame.message as { method?: string } | undefined)?.method === method,
    );

describe('the wire as it is, through the page session', () => {
  it('sets bad_header apart with the reason, and gives a call its headers and its resultType', async () => {
    const session = newSession();
    await session.connect(target());
    const state = session.state.get();
    expect(state.tools.map((tool) => tool.name)).not.toContain('bad_header');
    expect(state.excludedTools.map(({ tool }) => tool.name)).toEqual(['bad_header']);
    expect(state.excludedTools[0]!.reason).toMatch(/Bad Header/);
    expect(state.toolsFreshness).toMatchObject({ ttlMs: 30_000, cacheScope: 'public', fromCache: false });

    const outcome = await session.callTool('where', { region: 'Zürich' });
    expect(outcome).toMatchObject({ status: 'ok', result: { resultType: 'complete' } });
    expect(outcome.retryOf).toBeUndefined();
    const call = sent(session, 'tools/call').at(-1)!;
    expect(call.http?.request?.headers).toMatchObject({
      'mcp-method': 'tools/call',
      'mcp-name': 'where',
      'mcp-param-region': '=?base64?WsO8cmljaA==?=',
    });
  });

  it('a reconnect lists again a page with x-mcp-header declarations (the bridge needs them), and the call needs no retry', async () => {
    const session = newSession();
    await session.connect(target());
    await session.connect(target());
    expect(sent(session, 'tools/list')).toHaveLength(2);
    const outcome = await session.callTool('where', { region: 'eu' });
    expect(outcome).toMatchObject({ status: 'ok' });
    expect(outcome.retryOf).toBeUndefined();
    expect(sent(session, 'tools/call')).toHaveLength(1);
  });
});

/**
 * A strict modern server whose first tools/list leaves out the `x-mcp-header` of `where` (as a
 * server does while its declarations change): the bridge then sends no Mcp-Param-Region, and the
 * server refuses the call with -32020 until the tools are listed again.
 */
async function startChangingHeaderServer() {
  let listings = 0;
  let stale = false;
  const build = () => {
    const server = new McpServer({ name: 'changing', version: '1' }, { capabilities: { tools: {} } });
    const region = z.string();
    server.registerTool(
      'where',
      { inputSchema: z.object({ region: stale ? region : region.meta({ 'x-mcp-header': 'Region' }) }) },
      ({ region: value }) => ({ content: [{ type: 'text', text: `region=${value}` }] }),
    );
    return server;
  };
  const handler = createMcpHandler(build, { legacy: 'reject' });
  const serve = toNodeHandler(handler);
  const http = createServer((request, response) => {
    stale = request.headers['mcp-method'] === 'tools/list' && listings++ === 0;
    void serve(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    async close() {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

describe('-32020 on a real server', () => {
  it('lists the tools again and retries once, and the outcome says so', async () => {
    const server = await startChangingHeaderServer();
    try {
      const session = newSession();
      await session.connect({ transport: 'http', url: server.url, era: 'modern' });
      const outcome = await session.callTool('where', { region: 'eu' });
      expect(outcome).toMatchObject({ status: 'ok', retryOf: { code: -32020 } });
      expect(sent(session, 'tools/list')).toHaveLength(2);
      const calls = sent(session, 'tools/call');
      expect(calls).toHaveLength(2);
      expect(calls[0]!.http?.request?.headers['mcp-param-region']).toBeUndefined();
      expect(calls[1]!.http?.request?.headers['mcp-param-region']).toBe('eu');
    } finally {
      await server.close();
    }
  });
});
