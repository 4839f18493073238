import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import type { McpSession } from '../../web/src/mcp/mcp-session.ts';
import { startV2HttpFixture } from '../fixtures/v2-fixture-server.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession } from '../support/node-session.ts';

// Issue 18 items 4 and 7 with the page's session code through the bridge, against a strict SDK v2
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
