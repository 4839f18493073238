import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { Frame } from '#shared/bridge-protocol.ts';
import { CallOrigins, duringText } from './call-origins.ts';
import { connectedInMemory } from '../../test/support/in-memory-session.ts';

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

  it('tells the bridge the origin of what it sends for a marked call: each request and its cancellation', async () => {
    const origins = new CallOrigins();
    const transport = sink();
    origins.watch(transport);
    await origins.sending('view', () => transport.send(call(4)));
    await transport.send(call(5));
    expect(origins.originOfSent(call(4))).toBe('view');
    expect(
      origins.originOfSent({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } }),
    ).toBe('view');
    // The user's call, and the page's answer to a server request that reuses the id.
    expect(origins.originOfSent(call(5))).toBeUndefined();
    expect(origins.originOfSent({ jsonrpc: '2.0', id: 4, result: {} })).toBeUndefined();
  });

  it('marks a recording again from the origins the bridge kept on its requests', () => {
    const origins = new CallOrigins(); // a replay: nothing was sent through it
    const recorded = { ...frame('out', call(3, 3)), origin: 'view' as const };
    expect(origins.mark(recorded)).toBe(recorded);
    const mark = (f: Frame) => origins.mark(f).origin;
    expect(mark(frame('in', { jsonrpc: '2.0', id: 3, result: { content: [] } }))).toBe('view');
    expect(
      mark(
        frame('in', {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 3, progress: 1 },
        }),
      ),
    ).toBe('view');
    expect(mark(frame('out', call(4)))).toBeUndefined();
    expect(mark(frame('in', { jsonrpc: '2.0', id: 4, result: { content: [] } }))).toBeUndefined();
  });

  it('marks a server request "during" the one call in flight when a model or a View asked for it, else nothing', () => {
    const origins = new CallOrigins();
    const elicit = (id: number) =>
      frame('in', { jsonrpc: '2.0', id: `s${id}`, method: 'elicitation/create', params: {} });
    const answer = (id: number) => frame('in', { jsonrpc: '2.0', id, result: { content: [] } });
    const named = (id: number, name: string): JSONRPCMessage => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: {} },
    });
    const during = (f: Frame) => origins.mark(f).during;

    // Only the model's call is in flight: its server request is marked, with the tool's name.
    origins.mark({ ...frame('out', named(1, 'deploy')), origin: 'model' });
    const marked = origins.mark(elicit(1));
    expect(marked.during).toEqual({ origin: 'model', tool: 'deploy' });
    expect(marked.origin).toBeUndefined(); // not "asked by": nothing in the request ties it to the call
    expect(during(frame('in', { jsonrpc: '2.0', id: 's2', method: 'ping' }))).toBeUndefined();
    expect(
      during(frame('in', { jsonrpc: '2.0', method: 'notifications/message', params: {} })),
    ).toBeUndefined();

    // The user's call is in flight too: two calls, so nothing is said.
    origins.mark(frame('out', named(2, 'user_tool')));
    expect(during(elicit(3))).toBeUndefined();
    origins.mark(answer(1));
    // Only the user's call is left: the user's own calls get no mark.
    expect(during(elicit(4))).toBeUndefined();
    origins.mark(answer(2));
    expect(during(elicit(5))).toBeUndefined();

    // A View's call, then its cancellation: after it, nothing is in flight.
    origins.mark({ ...frame('out', named(6, 'refresh')), origin: 'view' });
    expect(during(elicit(6))).toEqual({ origin: 'view', tool: 'refresh' });
    origins.mark(
      frame('out', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 6 } }),
    );
    expect(during(elicit(7))).toBeUndefined();

    // A new connection starts with nothing in flight.
    origins.mark({ ...frame('out', named(8, 'deploy')), origin: 'model' });
    origins.forget();
    expect(during(elicit(8))).toBeUndefined();
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
    const session = await connectedInMemory(server);
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

describe('duringText', () => {
  it('says "during", never "asked by": the trace and the server request card both read it', () => {
    expect(duringText({ origin: 'model', tool: 'book' })).toBe("during the model's call book");
    expect(duringText({ origin: 'view', tool: 'weather_card' })).toBe("during a View's call weather_card");
  });
});
