import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type CallToolResult } from '@modelcontextprotocol/client';
import { RELAY_ERROR_CODE, type Frame } from '#shared/bridge-protocol.ts';
import type { RecordingSnapshot } from '#shared/recordings.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { startBrokenHttpServer } from '../fixtures/broken-http-server.ts';
import { startV2HttpFixture, type FixtureObserver } from '../fixtures/v2-fixture-server.ts';
import { BridgeClientTransport } from '../support/bridge-client-transport.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { modern } from '../support/modern-envelope.ts';

const TOKEN = 'modern-http-wire-token-0123456789';
const observer: FixtureObserver = { cancelled: [] };
let dir: string;
let bridge: RunningBridge;
let modernOnly: Awaited<ReturnType<typeof startV2HttpFixture>>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolscope-modern-'));
  bridge = await startTestBridge({ token: TOKEN, recordingsFile: path.join(dir, 'recordings.sqlite') });
  modernOnly = await startV2HttpFixture({ legacy: 'reject', observer });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await modernOnly.close();
  await bridge.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(url: string, headers?: Record<string, string>): Promise<BridgeClientTransport> {
  const transport = await BridgeClientTransport.open(bridge.port, TOKEN, { transport: 'http', url, headers });
  cleanups.push(() => transport.close());
  return transport;
}

async function modernClient(headers?: Record<string, string>) {
  const transport = await open(modernOnly.url, headers);
  const client = new Client(
    { name: 'toolscope-test', version: '0.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(transport);
  return { client, transport };
}

const outbound = (transport: BridgeClientTransport, method: string, name?: string) =>
  transport.frames.filter((frame) => {
    const message = frame.message as { method?: string; params?: { name?: string } } | undefined;
    return (
      frame.direction === 'out' && message?.method === method && (!name || message.params?.name === name)
    );
  });
const answerTo = (transport: BridgeClientTransport, frame: Frame | undefined) =>
  transport.frames.find(
    (candidate) =>
      candidate.direction === 'in' &&
      (candidate.message as { id?: unknown }).id === (frame?.message as { id?: unknown } | undefined)?.id,
  );

describe('a v2 client through the bridge to a modern-only HTTP server', () => {
  it('connects in the 2026-07-28 era, and each request carries its headers, Mcp-Param-* from the bridge', async () => {
    const { client, transport } = await modernClient({ Authorization: 'Bearer s3cret-value' });
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    await client.listTools();
    // The transport never forwards the SDK's own per-request headers: these come from the bridge.
    const result = (await client.callTool({
      name: 'where',
      arguments: { region: 'Zürich', priority: 2 },
    })) as CallToolResult;
    expect(result.content).toEqual([{ type: 'text', text: 'region=Zürich priority=2' }]);

    const [call] = outbound(transport, 'tools/call', 'where');
    expect(call?.http?.request).toMatchObject({
      method: 'POST',
      headers: {
        authorization: '***',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'where',
        'mcp-param-region': '=?base64?WsO8cmljaA==?=',
        'mcp-param-priority': '2',
      },
      decoded: { 'mcp-param-region': 'Zürich' },
    });
    expect(JSON.stringify(transport.frames)).not.toContain('s3cret-value');
    expect(answerTo(transport, call)?.http).toEqual({
      response: { status: 200, contentType: expect.stringMatching(/json|event-stream/) },
    });
  });

  it('a raw tools/call gets its Mcp-Param-* once tools/list went by; before, the server’s -32020 reaches the page', async () => {
    const transport = await open(modernOnly.url);
    await transport.start();
    const call = { name: 'where', arguments: { region: 'eu-west-1' } };
    const early = await transport.request('tools/call', modern(call));
    expect(early).toMatchObject({ error: { code: -32020 } });
    expect(answerTo(transport, outbound(transport, 'tools/call')[0])?.http?.response?.status).toBe(400);

    const list = await transport.request('tools/list', modern());
    expect(list).toMatchObject({ result: { ttlMs: 30_000, cacheScope: 'public', resultType: 'complete' } });
    // The raw list keeps the tool with the invalid declaration; the bridge just sends it no headers.
    expect(JSON.stringify(list)).toContain('bad_header');
    const retried = await transport.request('tools/call', modern(call));
    expect(retried).toMatchObject({
      result: { content: [{ type: 'text', text: 'region=eu-west-1 priority=-' }] },
    });
    expect(outbound(transport, 'tools/call').at(-1)?.http?.request?.headers['mcp-param-region']).toBe(
      'eu-west-1',
    );
  });

  it('passes the server’s own errors through with their codes and data, whatever the HTTP status', async () => {
    const transport = await open(modernOnly.url);
    await transport.start();
    const handshake = await transport.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'legacy', version: '0' },
    });
    expect(handshake).toMatchObject({
      error: { code: -32022, data: { supported: expect.arrayContaining(['2026-07-28']) } },
    });
    const unknownMethod = await transport.request('no/such-method', modern());
    expect(unknownMethod).toMatchObject({ error: { code: -32601 } });
    expect(answerTo(transport, outbound(transport, 'no/such-method')[0])?.http?.response?.status).toBe(404);
    expect(await transport.request('tools/call', modern({ name: 'nope', arguments: {} }))).toMatchObject({
      error: { code: -32602 },
    });
    const synthetic = transport.frames.filter((frame) => frame.synthetic);
    expect(synthetic).toEqual([]);
    expect(transport.events.filter((event) => event.kind === 'http-error')).toEqual([]);
  });

  it('answers a true relay failure with -32099 and the HTTP status in error.data', async () => {
    const broken = await startBrokenHttpServer('call-500');
    cleanups.push(() => broken.close());
    const transport = await open(broken.url);
    await transport.start();
    const answer = await transport.request('tools/call', modern({ name: 'echo', arguments: {} }));
    expect(answer).toMatchObject({
      error: { code: RELAY_ERROR_CODE, data: { status: 500, body: 'Tool backend unavailable' } },
    });
  });

  it('cancels by aborting the POST: the server sees the stream close and the bridge answers nothing', async () => {
    const { client, transport } = await modernClient();
    const abort = new AbortController();
    const call = client.callTool({ name: 'wait_for_cancel', arguments: {} }, { signal: abort.signal });
    const sent = await transport.waitForFrame(
      (frame) =>
        frame.direction === 'out' &&
        (frame.message as { params?: { name?: string } }).params?.name === 'wait_for_cancel',
      'the call to leave',
    );
    abort.abort('enough');
    await expect(call).rejects.toThrow();
    await transport.waitFor(
      () => (observer.cancelled.length ? true : undefined),
      'the server to see the cancel',
    );
    // Later traffic still flows, and the cancelled request got no answer at all from the bridge.
    await client.callTool({ name: 'echo', arguments: { text: 'after' } });
    const id = (sent.message as { id: number }).id;
    expect(transport.framesOf(id).map((frame) => frame.direction)).toEqual(['out']);
    expect(outbound(transport, 'notifications/cancelled')).toEqual([]);
  });

  it('records the HTTP of each frame with it', async () => {
    const { client, transport } = await modernClient({ 'X-Api-Key': 'k-123-secret' });
    await client.callTool({ name: 'echo', arguments: { text: 'recorded' } });
    expect(transport.recordingId).toBeDefined();
    await transport.close();
    const frames = await recordedFrames(transport.recordingId!, (all) =>
      all.some((frame) => (frame.message as { method?: string } | undefined)?.method === 'tools/call'),
    );
    const call = frames.find(
      (frame) => (frame.message as { method?: string } | undefined)?.method === 'tools/call',
    );
    expect(call?.http?.request?.headers).toMatchObject({ 'mcp-name': 'echo', 'x-api-key': '***' });
    expect(answerTo({ frames } as BridgeClientTransport, call)?.http?.response?.status).toBe(200);
    expect(JSON.stringify(frames)).not.toContain('k-123-secret');
  });
});

/** The frames of a recording, once `ready` says they are all written (recordings are written in batches). */
async function recordedFrames(id: string, ready: (frames: Frame[]) => boolean): Promise<Frame[]> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await fetch(`http://127.0.0.1:${bridge.port}/api/recordings/${id}`, {
      headers: { 'x-toolscope-token': TOKEN },
    });
    if (response.ok) {
      const { frames } = (await response.json()) as RecordingSnapshot;
      if (ready(frames)) return frames;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Recording ${id} never held the frames`);
}
