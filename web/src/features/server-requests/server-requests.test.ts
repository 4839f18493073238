import { describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import { ProtocolError } from '@modelcontextprotocol/client';
import { McpSession } from '#client/session/mcp-session.ts';
import { StampingTransport } from '#client/transport/stamping-transport.ts';
import {
  createServerRequestsServices,
  type ServerRequestsServices,
} from './create-server-requests-services.ts';
import type { QueuedRequest } from './server-request-queue.ts';
import { duringOfRequest } from './request-during.ts';
import type { Frame } from '#shared/bridge-protocol.ts';

/** A session with these features, connected in memory to a real SDK server that declares logging. */
async function connected(configure?: (services: ServerRequestsServices) => void) {
  let server: Server | undefined;
  const session = new McpSession({
    createTransport: () => {
      server = new Server({ name: 'asker', version: '1.0.0' }, { capabilities: { logging: {}, tools: {} } });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      void server.connect(serverSide);
      return new StampingTransport(clientSide);
    },
  });
  const services = createServerRequestsServices(session);
  configure?.(services);
  await session.connect({ transport: 'stdio', command: 'in-memory', args: [] });
  return { session, services, server: server! };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!check()) throw new Error(`Timed out waiting for ${what}`);
}

/** Waits for the next queued request of this kind. */
async function nextRequest(services: ServerRequestsServices, kind: QueuedRequest['kind']) {
  await until(() => services.queue.get().pending.some((r) => r.kind === kind), `a ${kind} request`);
  return services.queue.get().pending.find((r) => r.kind === kind)!;
}

const samplingParams = {
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Say hi' } }],
  systemPrompt: 'Be brief',
  maxTokens: 20,
};

const formParams = {
  message: 'Who are you?',
  requestedSchema: {
    type: 'object' as const,
    properties: { name: { type: 'string' as const, title: 'Name' } },
    required: ['name'],
  },
};

describe('server-initiated requests', () => {
  it('declares sampling, elicitation (form and url) and roots by default', async () => {
    const { server } = await connected();
    expect(server.getClientCapabilities()).toMatchObject({
      sampling: {},
      elicitation: { form: {}, url: {} },
      roots: { listChanged: true },
    });
  });

  it('declares only what is enabled, and the change applies at the next connect', async () => {
    const { session, services, server } = await connected((s) => s.settings.set('sampling', false));
    expect(server.getClientCapabilities()?.sampling).toBeUndefined();
    await expect(server.createMessage(samplingParams)).rejects.toThrow(/Method not found/);
    expect(services.requests.get().declared).toEqual({ sampling: false, elicitation: true, roots: true });
    services.settings.set('elicitation', false);
    expect(services.requests.get().declared?.elicitation).toBe(true);
    await session.connect({ transport: 'stdio', command: 'again', args: [] });
    expect(services.requests.get().declared).toEqual({ sampling: false, elicitation: false, roots: true });
  });

  it('answers sampling with the text the user typed', async () => {
    const { services, server } = await connected();
    const answer = server.createMessage(samplingParams);
    const request = await nextRequest(services, 'sampling');
    expect(request.params).toMatchObject({ systemPrompt: 'Be brief', maxTokens: 20 });
    services.queue.answerSampling(request.id, { text: 'hi', model: '', stopReason: 'endTurn' });
    expect(await answer).toEqual({
      role: 'assistant',
      content: { type: 'text', text: 'hi' },
      model: 'toolscope-human',
      stopReason: 'endTurn',
    });
    expect(services.queue.get().pending).toHaveLength(0);
  });

  it('turns a rejected sampling request into a JSON-RPC error', async () => {
    const { services, server } = await connected();
    const answer = server.createMessage(samplingParams);
    services.queue.rejectSampling((await nextRequest(services, 'sampling')).id);
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect(error).toMatchObject({ code: -1, message: expect.stringContaining('User rejected') });
  });

  it('answers elicitation forms: accept with content, decline, cancel', async () => {
    const { services, server } = await connected();
    const accepted = server.elicitInput(formParams);
    services.queue.answerElicitation((await nextRequest(services, 'elicitation')).id, {
      action: 'accept',
      content: { name: 'Ada' },
    });
    expect(await accepted).toEqual({ action: 'accept', content: { name: 'Ada' } });

    const declined = server.elicitInput(formParams);
    services.queue.answerElicitation((await nextRequest(services, 'elicitation')).id, { action: 'decline' });
    expect(await declined).toEqual({ action: 'decline' });

    const cancelled = server.elicitInput(formParams);
    services.queue.answerElicitation((await nextRequest(services, 'elicitation')).id, { action: 'cancel' });
    expect(await cancelled).toEqual({ action: 'cancel' });
  });

  it('queues URL-mode elicitation with its url and id', async () => {
    const { services, server } = await connected();
    const answer = server.elicitInput({
      mode: 'url',
      message: 'Sign in',
      url: 'https://example.com/auth',
      elicitationId: 'e-1',
    });
    const request = await nextRequest(services, 'elicitation');
    expect(request.params).toMatchObject({
      mode: 'url',
      url: 'https://example.com/auth',
      elicitationId: 'e-1',
    });
    services.queue.answerElicitation(request.id, { action: 'accept' });
    expect(await answer).toEqual({ action: 'accept' });
  });

  it('keeps several requests queued at once, answered in any order', async () => {
    const { services, server } = await connected();
    const first = server.createMessage(samplingParams);
    const second = server.elicitInput(formParams);
    await until(() => services.queue.get().pending.length === 2, 'two requests');
    const [a, b] = services.queue.get().pending;
    services.queue.answerElicitation(b!.id, { action: 'decline' });
    expect(await second).toEqual({ action: 'decline' });
    expect(services.queue.get().pending.map((r) => r.id)).toEqual([a!.id]);
    services.queue.answerSampling(a!.id, { text: 'ok', model: 'm', stopReason: '' });
    expect((await first).model).toBe('m');
  });

  it('drops a request the server cancels, whatever its id', async () => {
    const { services, server } = await connected();
    // Request id 0 goes through the queue's own cancel path (the SDK skips id 0); id 1 through the signal.
    for (const _id of [0, 1]) await cancelOne(services, server);
  });

  async function cancelOne(services: ServerRequestsServices, server: Server) {
    const abort = new AbortController();
    const answer = server.createMessage(samplingParams, { signal: abort.signal });
    await nextRequest(services, 'sampling');
    abort.abort('changed my mind');
    await expect(answer).rejects.toThrow();
    await until(() => services.queue.get().pending.length === 0, 'the queue to empty');
  }

  it('settles every pending request on disconnect', async () => {
    const { session, services, server } = await connected();
    void server.createMessage(samplingParams).catch(() => {});
    void server.elicitInput(formParams).catch(() => {});
    await until(() => services.queue.get().pending.length === 2, 'two requests');
    await session.disconnect();
    expect(services.queue.get().pending).toHaveLength(0);
    expect(services.requests.get().declared).toBeUndefined();
  });

  it('answers roots/list with the current roots and announces edits', async () => {
    const { services, server } = await connected();
    expect(await server.listRoots()).toEqual({ roots: [] });
    let changes = 0;
    server.setNotificationHandler('notifications/roots/list_changed', () => void changes++);
    expect(services.roots.add('file:///home/me/project', 'Project')).toBeUndefined();
    await until(() => changes === 1, 'roots/list_changed');
    expect(await server.listRoots()).toEqual({
      roots: [{ uri: 'file:///home/me/project', name: 'Project' }],
    });
    expect(services.roots.add('https://example.com')).toMatch(/file:\/\//);
    expect(changes).toBe(1);
  });
});

describe('notifications and logging', () => {
  it('sets the log level and logs messages with their logger and data', async () => {
    const { services, server } = await connected();
    let level: string | undefined;
    server.setRequestHandler('logging/setLevel', (request) => {
      level = request.params.level;
      return {};
    });
    await services.controls.setLogLevel('warning');
    expect(level).toBe('warning');
    expect(services.controls.get().logLevel).toBe('warning');
    await server.sendLoggingMessage({ level: 'error', logger: 'db', data: { code: 42 } });
    await until(() => services.notifications.get().entries.length === 1, 'the log message');
    expect(services.notifications.get().entries[0]).toMatchObject({
      kind: 'log-message',
      level: 'error',
      logger: 'db',
      data: { code: 42 },
    });
  });

  it('collects list_changed and unknown notifications without taking the session’s handler', async () => {
    const { session, services, server } = await connected();
    await server.sendToolListChanged();
    await server.notification({ method: 'notifications/custom/thing', params: { x: 1 } });
    await until(() => services.notifications.get().entries.length === 2, 'two notifications');
    const methods = services.notifications
      .get()
      .entries.map((e) => (e.kind === 'notification' ? e.method : e.kind));
    expect(methods.sort()).toEqual(['notifications/custom/thing', 'notifications/tools/list_changed']);
    // The session still lists tools again on tools/list_changed.
    await until(
      () =>
        session.trace.get().frames.filter((f) => (f.message as { method?: string })?.method === 'tools/list')
          .length === 2,
      'a second tools/list',
    );
  });

  it('pings the server and reports the round trip', async () => {
    const { services } = await connected();
    const result = await services.controls.ping();
    expect(result).toMatchObject({ ok: true });
    expect(services.controls.get().ping).toBe(result);
  });

  it('marks a request that arrived during the only call in flight, a model’s, as the trace does', async () => {
    const { session, services, server } = await connected();
    server.setRequestHandler('tools/call', async (request) => {
      // A legacy server asks on its own: nothing in the request names the call.
      const answer = await server.elicitInput(formParams);
      return { content: [{ type: 'text', text: `${request.params.name}: ${answer.action}` }] };
    });
    const byModel = session.callTool('deploy', {}, { origin: 'model' });
    const asked = await nextRequest(services, 'elicitation');
    expect(asked.during).toEqual({ origin: 'model', tool: 'deploy' });
    services.queue.answerElicitation(asked.id, { action: 'decline' });
    expect((await byModel).result?.content).toEqual([{ type: 'text', text: 'deploy: decline' }]);
    // The user's own call: no mark.
    const byUser = session.callTool('deploy', {});
    const mine = await nextRequest(services, 'elicitation');
    expect(mine.during).toBeUndefined();
    services.queue.answerElicitation(mine.id, { action: 'cancel' });
    await byUser;
  });
});

describe('duringOfRequest', () => {
  const frame = (message: object, during?: { origin: 'model' | 'view'; tool: string }): Frame => ({
    seq: 0,
    time: 0,
    direction: 'in',
    message: { jsonrpc: '2.0', ...message } as Frame['message'],
    bytes: 0,
    ...(during ? { during } : {}),
  });

  it('finds the mark by the request’s id and method, and nothing for another id or method', () => {
    const frames = [
      frame({ id: 3, method: 'sampling/createMessage' }),
      frame({ id: 3, method: 'elicitation/create' }, { origin: 'view', tool: 'pick' }),
      frame({ id: 4, method: 'elicitation/create' }),
    ];
    expect(duringOfRequest(frames, 3, 'elicitation/create')).toEqual({ origin: 'view', tool: 'pick' });
    expect(duringOfRequest(frames, 3, 'sampling/createMessage')).toBeUndefined();
    expect(duringOfRequest(frames, '3', 'elicitation/create')).toBeUndefined();
    expect(duringOfRequest(frames, 9, 'elicitation/create')).toBeUndefined();
  });
});
