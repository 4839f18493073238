/**
 * A catalog server's secret reaches no user however the server writes it: JSON `\u` escapes (all
 * of it, one character, an escaped surrogate pair, half escaped and half plain), deep in
 * structuredContent or as an object key, in an error's data, in a notification, split across two
 * messages, in a JSON text or a URL or HTML inside a string, on an unreadable stdout line, on
 * stderr (in one write or two). Checked in every string the page receives once parsed (and in what
 * a viewer would decode of it), in the recording's bytes and in its parsed strings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeToClient } from '#shared/bridge-protocol.ts';
import { WAYS } from '../fixtures/secret-leak-server.ts';
import {
  bearer,
  fixtureEntry,
  startTestHostedBridge,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { startHostedEchoHttp } from '../support/hosted-echo-http.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { rawRequest } from '../support/raw-http.ts';

/** Non-ASCII, outside the Basic Multilingual Plane: JSON can write it as an escaped surrogate pair. */
const STDIO_SECRET = 'stdio-\u{1F511}-secret-4f8a2c9b';
/** Header values are ASCII. */
const HEADER_SECRET = 'header-secret-9b1d7e42a';
/** Ways that need a process's own streams (stderr, raw stdout lines): stdio only. */
const STDIO_ONLY = new Set(['unreadable-line', 'stderr', 'stderr-in-two-chunks']);

let http: Awaited<ReturnType<typeof startHostedEchoHttp>>;
let bridge: TestHostedBridge;

beforeAll(async () => {
  http = await startHostedEchoHttp('secret-leak-server');
  bridge = await startTestHostedBridge(
    {
      catalog: {
        mcpServers: {
          leaky: fixtureEntry('secret-leak-server', { env: { SECRET_KEY: '${env:LEAKY_SECRET}' } }),
          'leaky-http': { url: http.url, headers: { 'X-Api-Key': '${env:LEAKY_HEADER}' } },
        },
      },
    },
    { env: { LEAKY_SECRET: STDIO_SECRET, LEAKY_HEADER: HEADER_SECRET } },
  );
});
afterAll(async () => {
  await bridge?.stop();
  await http?.stop();
});

/**
 * What a reader can make of a string: the string, and what a viewer decodes of it (a JSON text
 * parsed, a URL's percent-encoding, HTML character references), each read again the same way.
 */
function readings(text: string, depth = 0): string[] {
  if (depth > 3) return [text];
  const out = [text];
  try {
    out.push(...stringsIn(JSON.parse(text)).flatMap((inner) => readings(inner, depth + 1)));
  } catch {
    // Not JSON.
  }
  try {
    const decoded = decodeURIComponent(text);
    if (decoded !== text) out.push(...readings(decoded, depth + 1));
  } catch {
    // Not percent-encoded.
  }
  const html = text.replace(/&#(x?)([0-9a-f]+);/gi, (_m, hex: string, digits: string) =>
    String.fromCodePoint(parseInt(digits, hex ? 16 : 10)),
  );
  if (html !== text) out.push(...readings(html, depth + 1));
  return out;
}

/** Every string in a value, object keys included. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [key, ...stringsIn(item)]);
  return [];
}

function expectNoSecret(value: unknown, secret: string, where: string): void {
  for (const text of stringsIn(value).flatMap((string) => readings(string)))
    expect(text, `the secret in ${where}`).not.toContain(secret);
}

describe.each([
  ['stdio', 'leaky', STDIO_SECRET],
  ['Streamable HTTP', 'leaky-http', HEADER_SECRET],
])('hosted mode, a %s catalog server writing its secret', (_transport, server, secret) => {
  let page: HostedPage;
  let recordingId: string | undefined;

  beforeAll(async () => {
    page = await HostedPage.open(bridge.port, bearer('alice'));
    await page.open({ catalog: { server } });
    const ready = page.received.find((message) => message.type === 'ready');
    recordingId = ready?.type === 'ready' ? ready.recordingId : undefined;
  });
  afterAll(() => page?.close());

  const ways = Object.keys(WAYS).filter((way) => server === 'leaky' || !STDIO_ONLY.has(way));

  it.each(ways)('%s: the page gets it masked', async (way) => {
    const from = page.received.length;
    const answer = await page.callTool('leak', { way });
    if (way.startsWith('stderr'))
      await page.next(
        from,
        (m) => m.type === 'event' && m.event.kind === 'stderr' && /key/.test(m.event.line),
      );
    expect(answer.error?.message ?? answer.result).toBeDefined();
    const received: BridgeToClient[] = page.received.slice(from);
    expectNoSecret(received, secret, 'the page');
    // The server did write it, and the page was told where: a mask stands in its place.
    expect(JSON.stringify(received)).toContain('***');
  });

  it('the recording holds it masked, in its bytes and in its strings', async () => {
    expect(recordingId).toBeDefined();
    const recording = await rawRequest(bridge.port, 'GET', `/api/recordings/${recordingId}`, bearer('alice'));
    expect(recording.status).toBe(200);
    expect(recording.body).not.toContain(secret);
    expectNoSecret(recording.json(), secret, 'the recording');
    expect(recording.body).toContain('***');
  });
});
