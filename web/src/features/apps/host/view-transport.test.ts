import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { REFUSED_CODE, ViewTransport } from './view-transport.ts';
import { CONSOLE_ENVELOPE } from '../developer/view-console-probe.ts';
import { MessageBudget } from './view-message.ts';

const ORIGIN = 'http://127.0.0.1:4001';

function setup(budget?: MessageBudget) {
  const proxy = { postMessage: vi.fn() } as unknown as Window;
  const frames: Frame[] = [];
  vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
  const transport = new ViewTransport(
    () => proxy,
    ORIGIN,
    (frame) => frames.push(frame),
    budget,
  );
  const received: unknown[] = [];
  const errors: Error[] = [];
  transport.onmessage = (message) => received.push(message);
  transport.onerror = (error) => errors.push(error);
  const post = (data: unknown, origin = ORIGIN, source: unknown = proxy) =>
    transport.listener({ data, origin, source } as MessageEvent);
  return { transport, proxy, frames, received, errors, post };
}

describe('ViewTransport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('passes valid messages from the proxy, tracing them View → host', () => {
    const { post, received, frames } = setup();
    post({ jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} });
    expect(received).toHaveLength(1);
    expect(frames[0]).toMatchObject({ direction: 'from-view', message: { method: 'ui/initialize' } });
  });

  it('rejects malformed messages and logs them in the trace as errors', () => {
    const { post, received, frames, errors } = setup();
    post({ jsonrpc: '2.0', id: {}, method: 'x' });
    post('not json-rpc');
    expect(received).toHaveLength(0);
    expect(errors).toHaveLength(2);
    expect(frames.map((f) => f.error)).toEqual([
      expect.stringMatching(/^refused/),
      expect.stringMatching(/^refused/),
    ]);
  });

  it('ignores other windows, and refuses the right window at the wrong origin', () => {
    const { post, received, frames } = setup();
    post({ jsonrpc: '2.0', method: 'x' }, ORIGIN, {});
    expect(frames).toHaveLength(0);
    post({ jsonrpc: '2.0', method: 'x' }, 'http://evil.example');
    expect(received).toHaveLength(0);
    expect(frames[0]?.error).toMatch(/not the sandbox origin/);
  });

  it('drops a flood, noting it once', () => {
    const { post, received, frames } = setup(new MessageBudget(5, 60_000));
    for (let i = 0; i < 50; i++)
      post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: {} });
    expect(received).toHaveLength(5);
    expect(frames.filter((f) => f.error)).toHaveLength(1);
  });

  it('sends only to the sandbox origin, tracing host → View', async () => {
    const { transport, proxy, frames } = setup();
    await transport.send({
      jsonrpc: '2.0',
      method: 'ui/notifications/tool-input',
      params: { arguments: {} },
    });
    expect(proxy.postMessage).toHaveBeenCalledWith(expect.anything(), ORIGIN);
    expect(frames[0]?.direction).toBe('to-view');
  });
  it('answers a refused request with a JSON-RPC error, so the View does not wait for its own timeout', () => {
    const { post, proxy, frames } = setup();
    post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { text: 'a'.repeat(5 * 1024 * 1024) } });
    post({ jsonrpc: '1.0', id: 'x', method: 'ping' });
    post({ jsonrpc: '2.0', method: 'notifications/too-big', params: { text: 'a'.repeat(5 * 1024 * 1024) } });
    const replies = vi.mocked(proxy.postMessage).mock.calls.map(([message]) => message);
    expect(replies).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: REFUSED_CODE, message: expect.stringMatching(/too large/) } },
      { jsonrpc: '2.0', id: 'x', error: { code: REFUSED_CODE, message: expect.stringMatching(/jsonrpc/) } },
    ]);
    expect(frames.filter((f) => f.direction === 'to-view')).toHaveLength(2);
  });

  it('answers the requests of a flood too, without a trace row each', () => {
    const { post, proxy, frames } = setup(new MessageBudget(1, 60_000));
    for (let id = 1; id <= 4; id++) post({ jsonrpc: '2.0', id, method: 'ping' });
    expect(
      vi.mocked(proxy.postMessage).mock.calls.map(([message]) => (message as { id: number }).id),
    ).toEqual([2, 3, 4]);
    expect(frames.filter((f) => f.error)).toHaveLength(1);
  });

  it('hands the console probe’s reports to onconsole, never to the protocol or the trace', () => {
    const { transport, post, received, frames } = setup();
    const reports: unknown[] = [];
    transport.onconsole = (entry) => reports.push(entry);
    post({
      toolscope: CONSOLE_ENVELOPE,
      kind: 'csp',
      directive: 'connect-src',
      blocked: 'https://x.example/a',
    });
    post({ toolscope: CONSOLE_ENVELOPE, kind: 'console', level: 'warn', text: 'careful' });
    expect(reports).toEqual([
      { kind: 'csp', directive: 'connect-src', blocked: 'https://x.example/a' },
      { kind: 'console', level: 'warn', text: 'careful' },
    ]);
    expect(received).toEqual([]);
    expect(frames).toEqual([]);
  });
});
