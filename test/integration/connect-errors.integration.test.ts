import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { startV2HttpFixture } from '../fixtures/v2-fixture-server.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession } from '../support/node-session.ts';

// A server's refusal at connect time, with the page's session through the bridge: the server's own
// error reaches the page with its code and data, explained; an HTTP status is explained too.

let bridge: RunningBridge;
let modernHttp: Awaited<ReturnType<typeof startV2HttpFixture>>;
/** Answers 404 to everything, as a web server does for a path with no MCP endpoint. */
let nothingHere: Server;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
  modernHttp = await startV2HttpFixture({ legacy: 'reject' });
  nothingHere = createServer((_, response) =>
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'),
  );
  await new Promise<void>((resolve) => nothingHere.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await modernHttp.close();
  await new Promise((resolve) => nothingHere.close(resolve));
  await bridge.close();
});

async function failedConnect(target: ServerTarget, era: ProtocolEraChoice) {
  const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
  sessions.push(session);
  await session.connect({ ...target, era });
  const state = session.state.get();
  expect(state.status).toBe('disconnected');
  return state;
}

describe('connect-time errors by kind', () => {
  it.each([
    ['Streamable HTTP', (): ServerTarget => ({ transport: 'http', url: modernHttp.url })],
    [
      'stdio',
      (): ServerTarget => ({
        ...fixtureCommand('v2-stdio-server'),
        args: ['--import', 'tsx', 'test/fixtures/v2-stdio-server.ts', 'modern'],
      }),
    ],
  ])('a modern-only server under Legacy (%s): -32022 with the versions it supports', async (_, target) => {
    const state = await failedConnect(target(), 'legacy');
    expect(state.error).toMatch(/^JSON-RPC -32022\b.*Unsupported protocol version/);
    expect(state.errorDetail).toMatchObject({
      code: -32022,
      data: { supported: expect.arrayContaining(['2026-07-28']) },
    });
    expect(state.errorDetail?.explanation).toMatch(/it supports .*2026-07-28.*Choose another Protocol era/);
  });

  it.each(['legacy', 'auto', 'modern'] as const)(
    'an HTTP URL that answers 404 (%s): explained as a wrong path',
    async (era) => {
      const url = `http://127.0.0.1:${(nothingHere.address() as AddressInfo).port}/wrong-path`;
      const state = await failedConnect({ transport: 'http', url }, era);
      expect(state.errorDetail?.explanation).toMatch(
        /HTTP 404: nothing answers MCP at .*wrong-path\. Check the path/,
      );
    },
  );
});
