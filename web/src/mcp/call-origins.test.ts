import { describe, expect, it } from 'vitest';
import { InMemoryTransport, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { Frame } from '#shared/bridge-protocol.ts';
import { CallOrigins } from './call-origins.ts';
import { McpSession } from './mcp-session.ts';
import { StampingTransport } from './stamping-transport.ts';

const frame = (direction: Frame['direction'], message: unknown): Frame =>
  ({ seq: 0, direction, time: 0, bytes: 0, message }) as Frame;

/** A transport that only keeps what is sent. */
function sink(): Transport & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return {
    sent,
    start: async () => {},
    close: async () => {},
    send: async (message) => void sent.push(message),
  };
}

const call = (id: number, progressToken?: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 't', arguments: {}, ...(progressToken !== undefined ? { _meta: { progressToken } } : {}) },
});

describe('CallOrigins', () => {
  it('marks a call’s request, response, progress and cancellation by the id it was sent with, and nothing else', async () => {
    const origins = new CallOrigins();
    const transport = sink();
    origins.watch(transport);
    await origins.sending('model', () => transport.send(call(7, 7)));
    await transport.send(call(8, 8)); // the user's call: sent outside `sending`
    await origins.sending('view', () => transport.send(call(9)));

    const mark = (f: Frame) => origins.mark(f).origin;
    expect(transport.sent).toHaveLength(3); // the watch passes every message on, unchanged
    expect(transport.sent[0]).toEqual(call(7, 7));
    expect(mark(frame('out', call(7, 7)))).toBe('model');
    expect(mark(frame('in', { jsonrpc: '2.0', id: 7, result: { content: [] } }))).toBe('model');
    expect(mark(frame('in', { jsonrpc: '2.0', id: 7, error: { code: -1, message: 'x' } }))).toBe('model');
    expect(
      mark(
        frame('in', {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 7, progress: 1 },
        }),
      ),
    ).toBe('model');
    expect(
      mark(frame('out', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } })),
    ).toBe('model');
    expect(mark(frame('out', call(9)))).toBe('view');
    // The user's call, a server's own request that happens to reuse id 7, the answer to it, and View messages.
    expect(mark(frame('out', call(8, 8)))).toBeUndefined();
    expect(
      mark(
        frame('in', {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 8, progress: 1 },
        }),
      ),
    ).toBeUndefined();
    expect(
      mark(frame('in', { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: {} })),
    ).toBeUndefined();
    expect(mark(frame('out', { jsonrpc: '2.0', id: 7, result: {} }))).toBeUndefined();
    expect(mark(frame('from-view', call(7, 7)))).toBeUndefined();
    // A frame that is not marked is the same object: no copy for the user's frames.
    const plain = frame('out', call(8));
    expect(origins.mark(plain)).toBe(plain);

    origins.forget();
    expect(mark(frame('out', call(7, 7)))).toBeUndefined();
  });

  it('marks only the tools/call request sent inside `sending`, each round of a call alike', async () => {
    const origins = new CallOrigins();
    const transport = sink();
    origins.watch(transport);
    await origins.sending('model', () => {
      void transport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      return transport.send(call(2));
    });
    await origins.sending('model', () => transport.send(call(3))); // a second round
    const mark = (f: Frame) => origins.mark(f).origin;
    expect(mark(frame('out', { jsonrpc: '2.0', id: 1, method: 'tools/list' }))).toBeUndefined();
    expect(mark(frame('out', call(2)))).toBe('model');
    expect(mark(frame('out', call(3)))).toBe('model');
  });
});

/** A server whose `slow` tool reports progress once before it answers. */
function progressServer() {
  const server = new Server({ name: 'origins', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({
    tools: [{ name: 'slow', inputSchema: { type: 'object' } }],
  }));
  server.setRequestHandler('tools/call', async (request, context) => {
    const token = request.params._meta?.progressToken;
    if (token !== undefined)
      await context.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken: token, progress: 1, total: 2 },
      });
    return { content: [{ type: 'text', text: 'done' }] };
  });
  return server;
}

describe('the trace marks a call’s frames with its origin', () => {
  it('marks the model’s call (request, progress, response) and leaves the user’s call and the handshake unmarked', async () => {
    const server = progressServer();
    const session = new McpSession({
      createTransport: () => {
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        void server.connect(serverSide);
        return new StampingTransport(clientSide);
      },
    });
    await session.connect({ transport: 'stdio', command: 'in-memory', args: [], era: 'legacy' });
    // Both at once, so the marks cannot come from the order of the calls.
    const [byModel, byUser] = await Promise.all([
      session.callTool('slow', { who: 'model' }, { origin: 'model', onprogress: () => {} }),
      session.callTool('slow', { who: 'user' }, { onprogress: () => {} }),
    ]);
    expect(byModel.status).toBe('ok');
    expect(byUser.status).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 0)); // the trace publishes in a microtask
    const frames = session.trace.get().frames;
    const method = (f: Frame) => (f.message as { method?: string }).method;
    const requests = frames.filter((f) => method(f) === 'tools/call');
    const modelRequest = requests.find((f) => JSON.stringify(f.message).includes('"model"'))!;
    const userRequest = requests.find((f) => JSON.stringify(f.message).includes('"user"'))!;
    expect(modelRequest.origin).toBe('model');
    expect(userRequest.origin).toBeUndefined();
    const idOf = (f: Frame) => (f.message as { id?: unknown }).id;
    const response = (f: Frame) =>
      frames.find((r) => r.direction === 'in' && !method(r) && idOf(r) === idOf(f))!;
    expect(response(modelRequest).origin).toBe('model');
    expect(response(userRequest).origin).toBeUndefined();
    const progress = frames.filter((f) => method(f) === 'notifications/progress');
    expect(progress).toHaveLength(2);
    expect(progress.map((f) => f.origin).sort()).toEqual(['model', undefined]);
    expect(frames.filter((f) => f.origin)).toHaveLength(3);
    expect(frames.find((f) => method(f) === 'initialize')?.origin).toBeUndefined();
    await session.disconnect();
  });
});
