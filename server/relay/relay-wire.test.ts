import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import { RELAY_ERROR_CODE, type BridgeToClient, type FrameHttp } from '#shared/bridge-protocol.ts';
import { UpstreamError, type Upstream, type UpstreamSendOptions } from '../upstream/upstream.ts';
import { Relay } from './relay.ts';

/** An HTTP-like upstream: each send waits until the test says its POST left, or failed. */
class WireUpstream implements Upstream {
  readonly reportsWire = true;
  readonly sends: {
    message: JSONRPCMessage;
    options?: UpstreamSendOptions;
    done: (error?: Error) => void;
  }[] = [];
  readonly cancelled: RequestId[] = [];
  onmessage?: Upstream['onmessage'];
  onlost?: Upstream['onlost'];
  onclose?: Upstream['onclose'];
  async start() {}
  send(message: JSONRPCMessage, _text: string, options?: UpstreamSendOptions): Promise<void> {
    return new Promise((resolve, reject) => {
      this.sends.push({ message, options, done: (error) => (error ? reject(error) : resolve()) });
    });
  }
  cancel(id: RequestId) {
    this.cancelled.push(id);
  }
  async close() {}
}

function setup() {
  const upstream = new WireUpstream();
  const delivered: BridgeToClient[] = [];
  const relay = new Relay(upstream, (message) => delivered.push(message));
  const frames = () => delivered.flatMap((m) => (m.type === 'frame' ? [m.frame] : []));
  return { upstream, relay, frames };
}

const request = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'tools/call', params: {} });
const posted = (name: string): FrameHttp => ({ request: { method: 'POST', headers: { 'mcp-name': name } } });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Relay over an upstream that reports the wire', () => {
  it('stamps an outbound frame when its request left, with its headers, in send order', async () => {
    const { upstream, relay, frames } = setup();
    const first = relay.send(request(1));
    const second = relay.send(request(2));
    await tick();
    upstream.sends[1]!.options?.onwire?.(posted('b'));
    expect(frames()).toEqual([]); // the first has not left yet: the page pairs acks in order
    upstream.sends[0]!.options?.onwire?.(posted('a'));
    expect(frames().map((f) => [f.seq, f.direction, f.http?.request?.headers['mcp-name']])).toEqual([
      [0, 'out', 'a'],
      [1, 'out', 'b'],
    ]);
    upstream.onmessage?.({ jsonrpc: '2.0', id: 1, result: {} }, '{"jsonrpc":"2.0","id":1,"result":{}}', {
      response: { status: 200 },
    });
    expect(frames()[2]).toMatchObject({ direction: 'in', http: { response: { status: 200 } } });
    upstream.sends.forEach((send) => send.done());
    await Promise.all([first, second]);
    expect(frames()).toHaveLength(3);
  });

  it('stamps a message that never left when its send settles, before its relay error', async () => {
    const { upstream, relay, frames } = setup();
    const sending = relay.send(request(3));
    await tick();
    upstream.sends[0]!.done(
      new UpstreamError('Error POSTing to endpoint: nope', { status: 502, body: 'nope' }),
    );
    await sending;
    expect(frames().map((f) => f.direction)).toEqual(['out', 'in']);
    expect(frames()[0]!.http).toBeUndefined();
    expect(frames()[1]!.message).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: {
        code: RELAY_ERROR_CODE,
        message: 'Bridge: Error POSTing to endpoint: nope',
        data: { status: 502, body: 'nope' },
      },
    });
  });

  it('answers nothing for a request the page cancelled, and asks the upstream to stop it', async () => {
    const { upstream, relay, frames } = setup();
    const sending = relay.send(request(4));
    await tick();
    upstream.sends[0]!.options?.onwire?.(posted('x'));
    relay.cancel(4);
    expect(upstream.cancelled).toEqual([4]);
    upstream.onlost?.(4, 'The response stream broke before the answer');
    upstream.sends[0]!.done(new Error('This operation was aborted'));
    await sending;
    upstream.onclose?.('Disconnected');
    expect(frames().map((f) => f.direction)).toEqual(['out']);
    expect(relay.pendingCount).toBe(0);
  });
});
