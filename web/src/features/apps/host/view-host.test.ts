import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JSONRPCMessage, Tool, Transport } from '@modelcontextprotocol/client';
import { App } from '@modelcontextprotocol/ext-apps';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallOutcome } from '#client/session/session-types.ts';
import { Store } from '#client/lib/store.ts';
import { ApprovalPolicy } from '../../../calls/approval-policy.ts';
import { CallHistory, type CallEntry } from '../../../calls/call-history.ts';
import { CallRunner } from '../../../calls/call-runner.ts';
import { TaskTracker } from '../../../calls/task-tracker.ts';
import { HostControls } from '../developer/host-controls.ts';
import { readUiResource } from '../ui-resource.ts';
import { ViewHost, type LiveHost } from './view-host.ts';

// The host side of a View against ext-apps' own App (the View's SDK), linked through a fake page window and
// sandbox proxy: what a View sees of the host's handshake, context, teardown and requests.

const ORIGIN = 'http://127.0.0.1:4001';
const viewTool: Tool = {
  name: 'show',
  inputSchema: { type: 'object' },
  _meta: { ui: { resourceUri: 'ui://t/v' } },
};
const logTool: Tool = {
  name: 'log',
  inputSchema: { type: 'object' },
  _meta: { ui: { visibility: ['app'] } },
};

function harness(
  options: {
    resources?: boolean;
    teardownTimeoutMs?: number;
    partialInputs?: Record<string, unknown>[];
  } = {},
) {
  const listeners = new Set<(event: MessageEvent) => void>();
  vi.stubGlobal('window', {
    addEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
  });
  const frames: Frame[] = [];
  let html: string | undefined;
  const fromProxy = (data: unknown) =>
    queueMicrotask(() => {
      for (const listener of listeners) listener({ data, origin: ORIGIN, source: proxy } as MessageEvent);
    });
  // The View's end: what the host posts to the proxy reaches it (the proxy's own notification aside).
  const view: Transport & { deliver(message: unknown): void } = {
    async start() {},
    async send(message: JSONRPCMessage) {
      fromProxy(structuredClone(message));
    },
    async close() {},
    deliver(message) {
      queueMicrotask(() => view.onmessage?.(structuredClone(message) as JSONRPCMessage));
    },
  };
  const proxy = {
    postMessage(message: { method?: string; params?: { html?: string } }) {
      if (message.method === 'ui/notifications/sandbox-resource-ready') html = message.params?.html;
      else view.deliver(message);
    },
  } as unknown as Window;

  const calls: string[] = [];
  const session = {
    state: new Store({
      target: { transport: 'stdio', command: 'srv', args: [] },
      server: undefined,
      tools: [logTool],
    }),
    callTool: vi.fn(async (name: string): Promise<CallOutcome> => {
      calls.push(name);
      return { status: 'ok', result: { content: [{ type: 'text', text: `ran ${name}` }] }, durationMs: 1 };
    }),
  } as unknown as McpSession;
  const history = new CallHistory();
  const policy = new ApprovalPolicy();
  const runner = new CallRunner(session, history, policy, new TaskTracker(session, history, policy));
  const live: LiveHost = {
    runner,
    tools: () => [logTool],
    readResource: async () => ({ contents: [] }),
    listPage: async (method) => ({
      items: method === 'resources/list' ? [{ uri: 'file:///a', name: 'a' }] : [],
    }),
    declaresResources: () => options.resources ?? true,
  };
  const controls = new HostControls();
  const page = { theme: 'light' as 'light' | 'dark', locale: 'en-US', timeZone: 'UTC' };
  const call = {
    id: 1,
    tool: 'show',
    args: { city: 'Porto' },
    outcome: { status: 'ok', result: { content: [] } },
    ...(options.partialInputs ? { partialInputs: options.partialInputs } : {}),
  } as unknown as CallEntry;
  const resource = readUiResource('ui://t/v', {
    contents: [
      {
        uri: 'ui://t/v',
        mimeType: 'text/html;profile=mcp-app',
        text: '<!doctype html><html><head></head><body>v</body></html>',
      },
    ],
  });
  if (resource.status !== 'ok') throw new Error('fixture resource');
  const host = new ViewHost({
    proxy: () => proxy,
    sandboxOrigin: ORIGIN,
    call,
    tool: viewTool,
    resource,
    trace: (frame) => frames.push(frame),
    live,
    container: () => ({ maxWidth: 600, maxHeight: 400 }),
    events: {
      resize: () => {},
      displayMode: (mode) => mode,
      confirmLink: async () => false,
      confirmDownload: async () => false,
    },
    controls: controls.get,
    page: () => ({ ...page }),
    teardownTimeoutMs: options.teardownTimeoutMs ?? 2000,
  });
  const app = new App({ name: 'probe', version: '1.0.0' }, {}, { autoResize: false });
  const received: { method: string; params: unknown }[] = [];
  app.fallbackNotificationHandler = async (notification) => {
    received.push({ method: notification.method, params: notification.params });
  };
  app.ontoolinput = (params) => received.push({ method: 'tool-input', params });
  app.ontoolinputpartial = (params) => received.push({ method: 'tool-input-partial', params });
  app.ontoolresult = (params) => received.push({ method: 'tool-result', params });
  app.onhostcontextchanged = (params) => received.push({ method: 'host-context-changed', params });

  /** Starts the host, lets the proxy say ready, and connects the View (ui/initialize and initialized). */
  async function open() {
    await host.start();
    fromProxy({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} });
    await vi.waitFor(() => expect(html).toBeDefined());
    await app.connect(view);
    await vi.waitFor(() => expect(received.some((r) => r.method === 'tool-result')).toBe(true));
  }
  return { host, app, frames, received, open, controls, page, runner, calls, html: () => html };
}

const sentBy = (frames: Frame[], direction: Frame['direction'], method: string) =>
  frames.filter(
    (f) => f.direction === direction && (f.message as { method?: string } | undefined)?.method === method,
  );

describe('ViewHost', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers ui/initialize once and sends tool-input and tool-result once, with the console probe first', async () => {
    const { app, frames, received, open, html } = harness();
    await open();
    expect(sentBy(frames, 'from-view', 'ui/initialize')).toHaveLength(1);
    expect(
      frames.filter(
        (f) =>
          f.direction === 'to-view' &&
          (f.message as { id?: unknown }).id !== undefined &&
          'result' in (f.message as object),
      ),
    ).toHaveLength(1);
    expect(received.filter((r) => r.method === 'tool-input')).toEqual([
      { method: 'tool-input', params: { arguments: { city: 'Porto' } } },
    ]);
    expect(received.filter((r) => r.method === 'tool-result')).toHaveLength(1);
    expect(html()).toMatch(
      /^<!doctype html><html><head><script>\(function \(\) \{\n {2}var tag = "toolscope-view-console"/,
    );
    expect(app.getHostContext()).toMatchObject({
      theme: 'light',
      locale: 'en-US',
      timeZone: 'UTC',
      platform: 'web',
      availableDisplayModes: ['inline', 'fullscreen', 'pip'],
    });
    expect(app.getHostCapabilities()).toMatchObject({ serverTools: {}, serverResources: {} });
  });

  it('follows the page theme and the host controls, sending only what changed', async () => {
    const { host, received, open, controls, page } = harness();
    await open();
    page.theme = 'dark';
    host.controlsChanged();
    controls.update({
      locale: 'de-DE',
      timeZone: 'Asia/Tokyo',
      touch: true,
      insets: { top: 47, right: 0, bottom: 34, left: 0 },
    });
    host.controlsChanged();
    controls.update({ locale: 'not a locale!' });
    host.controlsChanged();
    await vi.waitFor(() =>
      expect(received.filter((r) => r.method === 'host-context-changed')).toHaveLength(3),
    );
    const changes = received.filter((r) => r.method === 'host-context-changed').map((r) => r.params);
    expect(changes[0]).toMatchObject({
      theme: 'dark',
      styles: { variables: { '--color-background-primary': '#020617' } },
    });
    expect(changes[1]).toEqual({
      locale: 'de-DE',
      timeZone: 'Asia/Tokyo',
      deviceCapabilities: { touch: true, hover: true },
      safeAreaInsets: { top: 47, right: 0, bottom: 34, left: 0 },
    });
    // A tag Intl does not know is not sent: the View gets the page's locale back.
    expect(changes[2]).toEqual({ locale: 'en-US' });
  });

  it('waits for the View to answer ui/resource-teardown before it is done closing', async () => {
    const { host, app, open, frames } = harness();
    let saved = false;
    app.onteardown = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      saved = true;
      return {};
    };
    await open();
    await host.close('Reload view');
    expect(saved).toBe(true);
    expect(sentBy(frames, 'to-view', 'ui/resource-teardown')).toHaveLength(1);
  });

  it('closes anyway when the View never answers teardown, after the timeout', async () => {
    const { host, app, open } = harness({ teardownTimeoutMs: 150 });
    app.onteardown = () => new Promise(() => {});
    await open();
    const started = Date.now();
    await host.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('queues two tools/call the View sends at once: both are asked, both answered', async () => {
    const { app, open, runner, calls } = harness();
    await open();
    const first = app.callServerTool({ name: 'log', arguments: { n: 1 } });
    const second = app.callServerTool({ name: 'log', arguments: { n: 2 } });
    await vi.waitFor(() => expect(runner.get()).toMatchObject({ pending: { args: { n: 1 } }, queued: 1 }));
    runner.answer(true);
    await vi.waitFor(() => expect(runner.get().pending?.args).toEqual({ n: 2 }));
    runner.answer(true);
    expect((await first).content).toEqual([{ type: 'text', text: 'ran log' }]);
    expect((await second).content).toEqual([{ type: 'text', text: 'ran log' }]);
    expect(calls).toEqual(['log', 'log']);
  });

  it('withdraws the View’s calls still waiting for approval when it closes', async () => {
    const { host, app, open, runner, calls } = harness({ teardownTimeoutMs: 100 });
    await open();
    const waiting = app.callServerTool({ name: 'log', arguments: {} }).then(
      (result) => JSON.stringify(result),
      (error: Error) => error.message,
    );
    await vi.waitFor(() => expect(runner.get().pending).toBeDefined());
    await host.close();
    expect(runner.get().pending).toBeUndefined();
    expect(calls).toEqual([]);
    await app.close();
    expect(await waiting).toMatch(/closed|took the call back/i);
  });

  it('answers resources/list when the server has resources, and offers no serverResources otherwise', async () => {
    const { app, open } = harness();
    await open();
    expect(await app.listServerResources({})).toEqual({ resources: [{ uri: 'file:///a', name: 'a' }] });
    const without = harness({ resources: false });
    await without.open();
    expect(without.app.getHostCapabilities()?.serverResources).toBeUndefined();
  });
  it('sends a model call’s streamed arguments as tool-input-partial, in order, then the whole input', async () => {
    const { received, open } = harness({ partialInputs: [{ city: 'Po' }, { city: 'Porto' }] });
    await open();
    expect(received.filter((r) => r.method.startsWith('tool-input'))).toEqual([
      { method: 'tool-input-partial', params: { arguments: { city: 'Po' } } },
      { method: 'tool-input-partial', params: { arguments: { city: 'Porto' } } },
      { method: 'tool-input', params: { arguments: { city: 'Porto' } } },
    ]);
  });
});
