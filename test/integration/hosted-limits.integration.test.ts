import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  bearer,
  fixtureEntry,
  startTestHostedBridge,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { startHostedEchoHttp } from '../support/hosted-echo-http.ts';
import { HostedPage } from '../support/hosted-page.ts';

let http: Awaited<ReturnType<typeof startHostedEchoHttp>>;
let bridge: TestHostedBridge;
const pages: HostedPage[] = [];

beforeAll(async () => {
  http = await startHostedEchoHttp();
  bridge = await startTestHostedBridge(
    {
      catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server'), remote: { url: http.url } } },
      limits: {
        connectionsPerUser: 2,
        connectionsTotal: 3,
        stdioProcessesTotal: 2,
        maxMessageBytes: 4096,
        toolCallsPerMinute: 3,
      },
      metrics: { users: ['alice'] },
    },
    { record: false },
  );
});
afterAll(async () => {
  for (const page of pages) page.close();
  await bridge.stop();
  await http.stop();
});

/** A page signed in as `user` through the trusted header. */
async function pageOf(user: string): Promise<HostedPage> {
  const page = await HostedPage.open(bridge.port, { 'x-forwarded-user': user, origin: bridge.origin });
  pages.push(page);
  return page;
}

describe('hosted mode: limits', () => {
  it('refuses sessions over the per-user, total and child-process limits with a message that names the limit', async () => {
    const a1 = await pageOf('alice');
    const a2 = await pageOf('alice');
    const a3 = await pageOf('alice');
    expect((await a1.connect({ catalog: { server: 'echo' } })).type).toBe('ready');
    expect((await a2.connect({ catalog: { server: 'echo' } })).type).toBe('ready');
    expect(await a3.connect({ catalog: { server: 'remote' } })).toEqual({
      type: 'failed',
      error:
        'Limit reached: at most 2 open connections per user (limits.connectionsPerUser): you already have 2 open; disconnect one (in another of your tabs) and connect again.',
      limit: { limit: 'connectionsPerUser', value: 2 },
    });

    const b1 = await pageOf('bob');
    expect(await b1.connect({ catalog: { server: 'echo' } })).toMatchObject({
      type: 'failed',
      error: expect.stringContaining(
        'at most 2 server processes on this bridge (limits.stdioProcessesTotal)',
      ),
      limit: { limit: 'stdioProcessesTotal', value: 2 },
    });
    expect((await b1.connect({ catalog: { server: 'remote' } })).type).toBe('ready');
    const c1 = await pageOf('carol');
    expect(await c1.connect({ catalog: { server: 'remote' } })).toMatchObject({
      type: 'failed',
      limit: { limit: 'connectionsTotal', value: 3 },
    });

    // Ending a session gives its places back.
    await a2.disconnect();
    expect((await c1.connect({ catalog: { server: 'echo' } })).type).toBe('ready');

    const metrics = await fetch(`${bridge.origin}/metrics`, { headers: bearer('alice') }).then((r) =>
      r.text(),
    );
    expect(metrics).toContain('toolscope_limit_refusals_total{limit="connectionsPerUser"} 1');
    expect(metrics).toContain('toolscope_connections 3');
    expect(metrics).toContain('toolscope_child_processes 2');
    for (const page of [a1, b1, c1]) await page.disconnect();
  });

  it('answers tool calls over the per-minute limit at once with a JSON-RPC error, and audits them as refused', async () => {
    const dave = await pageOf('dave');
    await dave.open({ catalog: { server: 'remote' } });
    for (let call = 0; call < 3; call++)
      expect((await dave.callTool('echo', { text: 'ok' })).error).toBeUndefined();
    const refused = await dave.callTool('echo', { text: 'one too many' });
    expect(refused.error?.message).toMatch(
      /^Bridge: Limit reached: at most 3 tool calls per minute per user \(limits\.toolCallsPerMinute\): wait \d+ s and call again/,
    );
    expect(refused.error?.data).toMatchObject({ limit: 'toolCallsPerMinute', value: 3 });
    expect(refused.error?.data?.retryAfterMs).toBeGreaterThan(0);
    const frame = dave.received.findLast(
      (message) => message.type === 'frame' && message.frame.direction === 'in',
    );
    expect(frame?.type === 'frame' && frame.frame.synthetic).toBe(true);
    // Other requests still pass.
    expect((await dave.request('tools/list', {})).error).toBeUndefined();
    expect(
      auditEntries(bridge)
        .filter((entry) => entry.user === 'dave')
        .map((entry) => entry.outcome),
    ).toEqual(['ok', 'ok', 'ok', 'ok', 'refused']);
    await dave.disconnect();
  });

  it('answers a message over the size limit with a JSON-RPC error and keeps the socket; far over it, closes the socket', async () => {
    const erin = await pageOf('erin');
    await erin.open({ catalog: { server: 'remote' } });
    const big = await erin.callTool('echo', { text: 'x'.repeat(5000) });
    expect(big.error?.message).toMatch(
      /^Bridge: Limit reached: messages of at most 4096 bytes \(limits\.maxMessageBytes\): this one has \d+/,
    );
    expect(big.error?.data).toMatchObject({ limit: 'maxMessageBytes', value: 4096 });
    expect((await erin.callTool('echo', { text: 'small' })).result?.content?.[0]?.text).toBe('small');
    erin.send({
      type: 'send',
      message: {
        jsonrpc: '2.0',
        id: 99,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'y'.repeat(10_000) } },
      },
    });
    await expect(erin.next(erin.received.length, () => false)).rejects.toThrow('closed the socket');
  });

  it('closes a session left idle, telling the page which limit closed it', async () => {
    const idle = await startTestHostedBridge(
      {
        catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server') } },
        limits: { idleConnectionSeconds: 1 },
      },
      { record: false },
    );
    try {
      const page = await HostedPage.open(idle.port, bearer('alice'));
      await page.open({ catalog: { server: 'echo' } });
      await page.next(0, (message) => message.type === 'event' && message.event.kind === 'closed');
      expect(page.errors()).toContain(
        'Limit reached: connections close after 1 s without activity (limits.idleConnectionSeconds): connect again to go on.',
      );
      const open = await fetch(`${idle.origin}/api/connections`, { headers: bearer('alice') }).then((r) =>
        r.json(),
      );
      expect(open.connections).toEqual([]);
      page.close();
    } finally {
      await idle.stop();
    }
  });
});
