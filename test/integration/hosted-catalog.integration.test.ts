import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemResolver, type Resolver } from '../../server/hosted/net/pinned-fetch.ts';
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
let redirector: Server;
let redirectorPort: number;
/** A server on 127.0.0.2 (loopback, not allowed) that counts the requests reaching it. */
let forbidden: Server;
let forbiddenPort: number;
let forbiddenHits = 0;
let bridge: TestHostedBridge;
let rebindLookups = 0;

/** Test names: private.test is on the private network, rebind.test changes its answer after the first lookup. */
const resolve: Resolver = async (host) => {
  if (host === 'private.test') return [{ address: '10.0.0.7', family: 4 }];
  if (host === 'rebind.test')
    return [{ address: rebindLookups++ === 0 ? '127.0.0.1' : '10.0.0.9', family: 4 }];
  return systemResolver(host);
};

beforeAll(async () => {
  http = await startHostedEchoHttp();
  forbidden = createServer((_request, response) => {
    forbiddenHits++;
    response.writeHead(500).end();
  });
  await new Promise<void>((done) => forbidden.listen(0, '127.0.0.2', done));
  forbiddenPort = (forbidden.address() as AddressInfo).port;
  // An allowed server that sends every request on to 127.0.0.2, a loopback address nobody allowed.
  redirector = createServer((_request, response) => {
    response.writeHead(307, { location: `http://127.0.0.2:${forbiddenPort}/mcp` }).end();
  });
  await new Promise<void>((done) => redirector.listen(0, '127.0.0.1', done));
  redirectorPort = (redirector.address() as AddressInfo).port;
  bridge = await startTestHostedBridge(
    {
      catalog: {
        mcpServers: {
          echo: fixtureEntry('hosted-echo-server'),
          remote: {
            url: http.url,
            headers: { 'X-Team': '${env:TEAM_HEADER}' },
            userHeaders: ['Authorization'],
          },
        },
      },
      userUrls: { enabled: true, allow: ['127.0.0.1/32'], deny: ['blocked.example'] },
    },
    { env: { TEAM_HEADER: 'team-header-secret-value' }, resolve },
  );
});
afterAll(async () => {
  await bridge.stop();
  await http.stop();
  await new Promise((done) => redirector.close(done));
  await new Promise((done) => forbidden.close(done));
});

const page = () => HostedPage.open(bridge.port, bearer('alice'));

describe('hosted mode: what you may run', () => {
  it('opens a catalog server by name and relays calls, auditing each with its outcome', async () => {
    const alice = await page();
    await alice.open({ catalog: { server: 'echo' } });
    expect((await alice.callTool('echo', { text: 'hi' })).result?.content?.[0]?.text).toBe('hi');
    expect((await alice.callTool('fail')).result?.isError).toBe(true);
    expect((await alice.callTool('missing')).error).toBeDefined();
    alice.close();
    const entries = auditEntries(bridge);
    expect(entries).toContainEqual(
      expect.objectContaining({
        event: 'connect',
        user: 'alice',
        server: 'echo',
        catalog: true,
        transport: 'stdio',
        outcome: 'ok',
      }),
    );
    const calls = entries.filter((entry) => entry.event === 'tool-call' && entry.server === 'echo');
    expect(calls.map((call) => [call.tool, call.outcome])).toEqual([
      ['echo', 'ok'],
      ['fail', 'tool-error'],
      ['missing', 'protocol-error'],
    ]);
  });

  it('refuses a command outside the catalog, and a catalog command with a changed command line', async () => {
    const marker = path.join(mkdtempSync(path.join(tmpdir(), 'toolscope-refused-')), 'ran');
    const alice = await page();
    const arbitrary = await alice.connect({
      target: { transport: 'stdio', command: '/bin/sh', args: ['-c', `touch ${marker}`] },
    });
    expect(arbitrary).toMatchObject({
      type: 'failed',
      error: expect.stringContaining('only the servers in its catalog'),
    });
    const echo = fixtureEntry('hosted-echo-server');
    const changed = await alice.connect({
      target: { transport: 'stdio', command: echo.command, args: [...echo.args, '--extra'], cwd: echo.cwd },
    });
    expect(changed.type).toBe('failed');
    const unknown = await alice.connect({ catalog: { server: 'nope' } });
    expect(unknown).toMatchObject({
      type: 'failed',
      error: 'No server "nope" in this bridge\'s catalog; it has: echo, remote.',
    });
    // A user the SSO proxy names in its header is held to the catalog the same way.
    const carol = await HostedPage.open(bridge.port, {
      'X-Forwarded-User': 'carol',
      origin: bridge.origin,
    });
    expect(
      await carol.connect({
        target: { transport: 'stdio', command: '/bin/sh', args: ['-c', `touch ${marker}`] },
      }),
    ).toMatchObject({ type: 'failed', error: expect.stringContaining('only the servers in its catalog') });
    carol.close();
    expect(existsSync(marker)).toBe(false);
    const channel = [...bridge.channels.list()].find((candidate) => candidate.id === alice.channelId);
    expect(channel?.currentUpstream).toBeUndefined();
    expect(auditEntries(bridge)).toContainEqual(
      expect.objectContaining({ event: 'connect', outcome: 'refused', server: '(command) /bin/sh' }),
    );
    alice.close();
  });

  it("sends an HTTP entry its configured headers and the user's own, and only those users may set", async () => {
    const alice = await page();
    await alice.open({
      catalog: { server: 'remote', headers: { authorization: 'Bearer alice-own-upstream-token' } },
    });
    const seen = JSON.parse((await alice.callTool('headers')).result!.content![0]!.text!) as Record<
      string,
      string
    >;
    expect(seen.authorization).toBe('Bearer alice-own-upstream-token');
    // The admin's header reaches the server; a server that echoes it shows the page `***`: the value is the
    // admin's secret, not the user's.
    expect(seen['x-team']).toBe('***');
    const other = await alice.connect({ catalog: { server: 'remote', headers: { 'X-Team': 'mine' } } });
    expect(other).toMatchObject({
      type: 'failed',
      error: '"remote" does not let users set the header X-Team (only Authorization).',
    });
    alice.close();
  });

  it('opens a user URL the allow list covers', async () => {
    const alice = await page();
    await alice.open({ target: { transport: 'http', url: http.url } });
    expect((await alice.callTool('echo', { text: 'via user url' })).result?.content?.[0]?.text).toBe(
      'via user url',
    );
    alice.close();
  });

  it('refuses a user URL to a denied host, or one that resolves to a private address', async () => {
    const alice = await page();
    const denied = await alice.connect({ target: { transport: 'http', url: 'http://blocked.example/mcp' } });
    expect(denied).toMatchObject({
      type: 'failed',
      error: expect.stringContaining("blocked.example is on this bridge's deny list"),
    });
    const privateHost = await alice.connect({
      target: { transport: 'http', url: 'http://private.test/mcp' },
    });
    expect(privateHost).toMatchObject({
      type: 'failed',
      error: expect.stringContaining('private.test resolves to 10.0.0.7, which is a private address'),
    });
    const literal = await alice.connect({
      target: { transport: 'sse', url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(literal).toMatchObject({ type: 'failed', error: expect.stringContaining('link-local') });
    const loopback = await alice.connect({
      target: { transport: 'http', url: `http://[::1]:${http.port}/mcp` },
    });
    expect(loopback).toMatchObject({
      type: 'failed',
      error: expect.stringContaining('::1 is a loopback address'),
    });
    alice.close();
  });

  it('refuses a user URL that redirects to a denied address', async () => {
    const alice = await page();
    // The SDK follows only same-origin redirects; the guarded fetch checks any it follows (see
    // guarded-fetch.test.ts). Either way, nothing reaches 127.0.0.2.
    const refusal =
      /Redirect to http:\/\/127\.0\.0\.2:\d+\/mcp not followed|127\.0\.0\.2 is a loopback address/;
    const sse = await alice.connect({
      target: { transport: 'sse', url: `http://127.0.0.1:${redirectorPort}/sse` },
    });
    expect(sse).toMatchObject({ type: 'failed', error: expect.stringMatching(refusal) });
    expect(
      (await alice.connect({ target: { transport: 'http', url: `http://127.0.0.1:${redirectorPort}/mcp` } }))
        .type,
    ).toBe('ready');
    const init = await alice.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '0' },
    });
    expect(init.error?.message).toMatch(refusal);
    expect(forbiddenHits).toBe(0);
    alice.close();
  });

  it('checks the address it actually connects to, so a DNS answer that changes after the check is refused', async () => {
    const alice = await page();
    expect(
      (await alice.connect({ target: { transport: 'http', url: `http://rebind.test:${http.port}/mcp` } }))
        .type,
    ).toBe('ready');
    const init = await alice.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '0' },
    });
    expect(init.error?.message).toContain('rebind.test resolves to 10.0.0.9, which is a private address');
    alice.close();
  });

  it('refuses user URLs altogether unless the admin enabled them', async () => {
    const closed = await startTestHostedBridge(
      { catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server') } } },
      { record: false },
    );
    try {
      const alice = await HostedPage.open(closed.port, bearer('alice'));
      const answer = await alice.connect({ target: { transport: 'http', url: http.url } });
      expect(answer).toMatchObject({
        type: 'failed',
        error: expect.stringContaining('pick one under "Catalog server"'),
      });
      alice.close();
    } finally {
      await closed.stop();
    }
  });

  it('lists the catalog in /api/config without commands, URLs or secret values', async () => {
    const config = await fetch(`${bridge.origin}/api/config`, { headers: bearer('bob') }).then((r) =>
      r.json(),
    );
    expect(config.hosted.catalog).toEqual([
      { name: 'echo', transport: 'stdio', userHeaders: [] },
      { name: 'remote', transport: 'http', userHeaders: ['Authorization'] },
    ]);
    expect(config.hosted.userUrls).toEqual({ enabled: true });
    expect(JSON.stringify(config)).not.toContain('team-header-secret-value');
    expect(JSON.stringify(config)).not.toContain('hosted-echo-server');
  });
});
