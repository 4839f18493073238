import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { ViewTransport } from './view-transport.ts';
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
});
