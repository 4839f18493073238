import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  bearer,
  fixtureEntry,
  startTestHostedBridge,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { startHostedEchoHttp } from '../support/hosted-echo-http.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { rawRequest } from '../support/raw-http.ts';
import { projectPath } from '../support/start-cli.ts';

/** What of a catalog entry reaches a user's page, recordings and share links. */
const STDIO_SECRET = 'stdio-env-secret-4f8a2c';
const HEADER_SECRET = 'header-secret-9b1d7e';
const ENV_NAME = 'SECRET_KEY';

let http: Awaited<ReturnType<typeof startHostedEchoHttp>>;
let bridge: TestHostedBridge;

beforeAll(async () => {
  http = await startHostedEchoHttp();
  bridge = await startTestHostedBridge(
    {
      catalog: {
        mcpServers: {
          echo: fixtureEntry('hosted-echo-server', { env: { [ENV_NAME]: '${env:CATALOG_SECRET}' } }),
          remote: { url: http.url, headers: { 'X-Api-Key': '${env:CATALOG_HEADER}' } },
        },
      },
    },
    { env: { CATALOG_SECRET: STDIO_SECRET, CATALOG_HEADER: HEADER_SECRET } },
  );
});
afterAll(async () => {
  await bridge?.stop();
  await http?.stop();
});

const api = (method: string, path: string) =>
  rawRequest(bridge.port, method, path, { 'content-type': 'application/json', ...bearer('alice') });

/** Texts that say how the admin runs the catalog's servers: none may reach a user. */
function catalogDetails(): string[] {
  return [
    process.execPath,
    'hosted-echo-server.ts',
    '--import',
    projectPath(),
    http.url,
    `127.0.0.1:${http.port}`,
  ];
}

function expectNothingOfTheCatalog(text: string): void {
  for (const detail of [...catalogDetails(), STDIO_SECRET, HEADER_SECRET]) expect(text).not.toContain(detail);
}

/** Waits until the page got a stderr event (the fixture prints its secret on start). */
async function stderrLine(page: HostedPage): Promise<string> {
  const event = await page.next(0, (m) => m.type === 'event' && m.event.kind === 'stderr');
  return event.type === 'event' && event.event.kind === 'stderr' ? event.event.line : '';
}

describe('hosted mode: catalog details and secrets stay with the admin', () => {
  it('stdio: the page never gets the command, arguments, folder, env names, PID or the env secret', async () => {
    const alice = await HostedPage.open(bridge.port, bearer('alice'));
    await alice.open({ catalog: { server: 'echo' } });
    const stderr = await stderrLine(alice);
    expect(stderr).toContain('***');
    expect(stderr).not.toContain(ENV_NAME);
    // The server echoes its secret in a result: the page gets it masked.
    const echoed = await alice.callTool('env', { name: ENV_NAME });
    expect(echoed.result?.content?.[0]?.text).toBe('***');
    // A secret the page sends itself comes back masked too (the server may echo it from anywhere).
    expect((await alice.callTool('echo', { text: `x ${STDIO_SECRET} y` })).result?.content?.[0]?.text).toBe(
      'x *** y',
    );
    expect(alice.received.some((m) => m.type === 'event' && m.event.kind === 'spawned')).toBe(false);
    expectNothingOfTheCatalog(alice.rawText);

    // The recordings list, the recording and its share link (and its live feed) name the entry only.
    const ready = alice.received.find((message) => message.type === 'ready');
    const id = ready?.type === 'ready' ? ready.recordingId : undefined;
    expect(id).toBeDefined();
    const list = await api('GET', '/api/recordings');
    expect(list.json().recordings).toEqual([
      expect.objectContaining({
        id,
        name: 'echo',
        target: { transport: 'stdio', command: 'echo', args: [] },
      }),
    ]);
    expectNothingOfTheCatalog(list.body);
    expect(list.body).not.toContain(ENV_NAME);
    expectNothingOfTheCatalog((await api('GET', `/api/recordings/${id}`)).body);
    const shareId = (await api('POST', `/api/recordings/${id}/share`)).json().shareId as string;
    const shared = await api('GET', `/api/shared/${shareId}`);
    expect(shared.status).toBe(200);
    expectNothingOfTheCatalog(shared.body);
    const live = await liveFeedText(shareId);
    expect(live).toContain('"type"');
    expectNothingOfTheCatalog(live);
    alice.close();
  });

  it('HTTP: a server echoing the catalog header gets it masked on the page; the URL is never shown', async () => {
    const alice = await HostedPage.open(bridge.port, bearer('alice'));
    await alice.open({ catalog: { server: 'remote' } });
    const headers = (await alice.callTool('headers')).result?.content?.[0]?.text ?? '';
    expect(JSON.parse(headers)['x-api-key']).toBe('***');
    expectNothingOfTheCatalog(alice.rawText);
    const list = await api('GET', '/api/recordings');
    expect(list.json().recordings).toContainEqual(
      expect.objectContaining({
        name: 'remote (Streamable HTTP)',
        target: { transport: 'http', url: 'remote' },
      }),
    );
    expectNothingOfTheCatalog(list.body);
    alice.close();
  });

  it('a catalog server that cannot start fails with its name, not its command', async () => {
    const broken = await startTestHostedBridge({
      catalog: { mcpServers: { gone: { command: '/nonexistent/secret-tool-path', args: ['--flag-value'] } } },
    });
    try {
      const alice = await HostedPage.open(broken.port, bearer('alice'));
      await alice.connect({ catalog: { server: 'gone' } });
      await alice.next(0, (m) => m.type === 'failed' || (m.type === 'event' && m.event.kind === 'closed'));
      expect(alice.rawText).not.toContain('/nonexistent/secret-tool-path');
      expect(alice.rawText).not.toContain('--flag-value');
      alice.close();
    } finally {
      await broken.stop();
    }
  });
});

/** The text of a shared recording's live feed until its first batch (the snapshot so far). */
function liveFeedText(shareId: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/api/shared/${shareId}/live`, {
      headers: { ...bearer('bob'), origin: bridge.origin },
    });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no live feed message in 10 s'));
    }, 10_000);
    ws.once('message', (data) => {
      clearTimeout(timer);
      ws.close();
      resolve(data.toString());
    });
    ws.once('error', reject);
  });
}
