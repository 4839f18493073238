import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallOutcome } from '#client/session/session-types.ts';
import {
  createServerRequestsServices,
  type ServerRequestsServices,
} from '../../web/src/features/server-requests/create-server-requests-services.ts';
import type { QueuedRequest } from '../../web/src/features/server-requests/server-request-queue.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import { projectPath } from '../support/start-cli.ts';

const everything = {
  transport: 'stdio' as const,
  command: process.execPath,
  args: [projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
};

let bridge: RunningBridge;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
});

afterAll(async () => {
  await Promise.all(sessions.map((s) => s.disconnect()));
  await bridge.close();
});

/** A session over the real bridge to server-everything, with the server-request features. */
async function connect(configure?: (services: ServerRequestsServices) => void) {
  const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
  sessions.push(session);
  const services = createServerRequestsServices(session);
  configure?.(services);
  await session.connect(everything);
  expect(session.state.get().error).toBeUndefined();
  // server-everything registers its capability-dependent tools after initialize, then lists again.
  await waitFor(
    () => hasTool(session, 'get-roots-list') || hasTool(session, 'trigger-sampling-request'),
    'tools',
  );
  return { session, services };
}

function hasTool(session: McpSession, name: string): boolean {
  return session.state.get().tools.some((tool) => tool.name === name);
}

function textOf(outcome: CallOutcome): string {
  return (outcome.result?.content ?? []).map((block) => ('text' in block ? block.text : '')).join('\n');
}

/** Calls a tool, and answers the server request it triggers with `answer`. */
async function callAndAnswer(
  session: McpSession,
  services: ServerRequestsServices,
  tool: string,
  args: unknown,
  answer: (request: QueuedRequest) => void,
): Promise<{ outcome: CallOutcome; request: QueuedRequest }> {
  const call = session.callTool(tool, args, { timeoutMs: 20_000 });
  await waitFor(() => services.queue.get().pending.length > 0, `the request from ${tool}`);
  const request = services.queue.get().pending[0]!;
  answer(request);
  return { outcome: await call, request };
}

describe('server-initiated requests against server-everything over stdio', () => {
  it('offers the sampling, elicitation and roots tools only when those capabilities are enabled', async () => {
    const off = await connect((s) => {
      s.settings.set('sampling', false);
      s.settings.set('elicitation', false);
    });
    expect(hasTool(off.session, 'get-roots-list')).toBe(true);
    expect(hasTool(off.session, 'trigger-sampling-request')).toBe(false);
    expect(hasTool(off.session, 'trigger-elicitation-request')).toBe(false);
    await off.session.disconnect();

    const on = await connect();
    await waitFor(() => hasTool(on.session, 'trigger-url-elicitation'), 'all conditional tools');
    expect(hasTool(on.session, 'trigger-sampling-request')).toBe(true);
    expect(hasTool(on.session, 'trigger-elicitation-request')).toBe(true);
    await on.session.disconnect();
  });

  it('answers sampling with the reply typed by the user', async () => {
    const { session, services } = await connect();
    const { outcome, request } = await callAndAnswer(
      session,
      services,
      'trigger-sampling-request',
      { prompt: 'Name a colour', maxTokens: 42 },
      (r) => services.queue.answerSampling(r.id, { text: 'Teal.', model: 'by-hand', stopReason: 'endTurn' }),
    );
    expect(request.kind).toBe('sampling');
    expect(request.params).toMatchObject({ maxTokens: 42, systemPrompt: 'You are a helpful test server.' });
    expect(outcome.status).toBe('ok');
    expect(textOf(outcome)).toContain('"text": "Teal."');
    expect(textOf(outcome)).toContain('"model": "by-hand"');
    await session.disconnect();
  });

  it('reports a rejected sampling request to the server as an error', async () => {
    const { session, services } = await connect();
    const { outcome } = await callAndAnswer(
      session,
      services,
      'trigger-sampling-request',
      { prompt: 'x' },
      (r) => services.queue.rejectSampling(r.id),
    );
    expect(outcome.status === 'tool-error' || outcome.status === 'protocol-error').toBe(true);
    expect(JSON.stringify(outcome)).toContain('User rejected sampling request');
    await session.disconnect();
  });

  it('accepts, declines and cancels form elicitation', async () => {
    const { session, services } = await connect();
    const accepted = await callAndAnswer(session, services, 'trigger-elicitation-request', {}, (r) =>
      services.queue.answerElicitation(r.id, {
        action: 'accept',
        content: { name: 'Ada', check: true, integer: 7 },
      }),
    );
    expect(accepted.request.params).toMatchObject({ requestedSchema: { required: ['name'] } });
    expect(textOf(accepted.outcome)).toContain('- Name: Ada');
    expect(textOf(accepted.outcome)).toContain('- Favorite Integer: 7');

    const declined = await callAndAnswer(session, services, 'trigger-elicitation-request', {}, (r) =>
      services.queue.answerElicitation(r.id, { action: 'decline' }),
    );
    expect(textOf(declined.outcome)).toContain('User declined');

    const cancelled = await callAndAnswer(session, services, 'trigger-elicitation-request', {}, (r) =>
      services.queue.answerElicitation(r.id, { action: 'cancel' }),
    );
    expect(textOf(cancelled.outcome)).toContain('User cancelled');
    await session.disconnect();
  });

  it('queues URL-mode elicitation with the URL for the user to open', async () => {
    const { session, services } = await connect();
    await waitFor(() => hasTool(session, 'trigger-url-elicitation'), 'the URL elicitation tool');
    const { outcome, request } = await callAndAnswer(
      session,
      services,
      'trigger-url-elicitation',
      { url: 'https://example.com/consent', elicitationId: 'consent-1' },
      (r) => services.queue.answerElicitation(r.id, { action: 'accept' }),
    );
    expect(request.params).toMatchObject({
      mode: 'url',
      url: 'https://example.com/consent',
      elicitationId: 'consent-1',
    });
    expect(textOf(outcome)).toContain('User completed the URL elicitation flow');
    await session.disconnect();
  });

  it('answers roots/list with the edited roots and announces changes', async () => {
    const { session, services } = await connect((s) => s.roots.add('file:///srv/first', 'First'));
    const first = await session.callTool('get-roots-list', {});
    expect(textOf(first)).toContain('Current MCP Roots (1 total)');
    expect(textOf(first)).toContain('file:///srv/first');

    await answerRootsChange(session, services, 'file:///srv/second');
    const second = await session.callTool('get-roots-list', {});
    expect(textOf(second)).toContain('Current MCP Roots (2 total)');
    expect(textOf(second)).toContain('file:///srv/second');
    await session.disconnect();
  });

  it('sets the log level and logs the messages that follow', async () => {
    const { session, services } = await connect();
    expect(session.state.get().server?.capabilities.logging).toBeDefined();
    await services.controls.setLogLevel('debug');
    expect(services.controls.get()).toMatchObject({ logLevel: 'debug', logLevelError: undefined });
    const toggled = await session.callTool('toggle-simulated-logging', {});
    expect(textOf(toggled)).toContain('Started simulated');
    const simulated = () => logMessages(services).filter((m) => /level[- ]message/i.test(String(m.data)));
    await waitFor(() => simulated().length > 0, 'a simulated log message');
    expect(simulated()[0]).toMatchObject({ kind: 'log-message', level: expect.any(String) });
    await session.callTool('toggle-simulated-logging', {});

    // server-everything logs "Roots updated: N root(s)" at info after each roots/list it sends.
    const rootsUpdated = (n: number) =>
      logMessages(services).some((m) => String(m.data).includes(`Roots updated: ${n} root`));
    await services.controls.setLogLevel('error');
    await answerRootsChange(session, services, 'file:///srv/quiet');
    await services.controls.setLogLevel('info');
    await answerRootsChange(session, services, 'file:///srv/loud');
    await waitFor(() => rootsUpdated(2), 'the info message after setLevel info');
    expect(rootsUpdated(1)).toBe(false);
    const message = logMessages(services).find((m) => String(m.data).includes('Roots updated: 2'));
    expect(message).toMatchObject({ level: 'info', logger: 'everything-server' });
    await session.disconnect();
  });

  it('logs list_changed notifications and answers ping', async () => {
    const { session, services } = await connect();
    await waitFor(
      () =>
        services.notifications
          .get()
          .entries.some((e) => e.kind === 'notification' && e.method === 'notifications/tools/list_changed'),
      'tools/list_changed in the log',
    );
    const ping = await services.controls.ping();
    expect(ping).toMatchObject({ ok: true });
    await session.disconnect();
  });
});

function countFrames(session: McpSession, method: string): number {
  return session.trace
    .get()
    .frames.filter((f) => (f.message as { method?: string } | undefined)?.method === method).length;
}

function logMessages(services: ServerRequestsServices) {
  return services.notifications.get().entries.filter((e) => e.kind === 'log-message');
}

/** Adds a root and waits until the server has asked for the new list and received it. */
async function answerRootsChange(session: McpSession, services: ServerRequestsServices, uri: string) {
  const before = countFrames(session, 'roots/list');
  expect(services.roots.add(uri)).toBeUndefined();
  await waitFor(() => countFrames(session, 'roots/list') > before, 'roots/list');
  // Messages keep their order on stdio: after two ping round trips the server has stored the new
  // list and any log message about it has arrived.
  await services.controls.ping();
  await services.controls.ping();
  await new Promise((resolve) => setTimeout(resolve, 0));
}
