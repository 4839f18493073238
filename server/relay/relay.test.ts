import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { RELAY_ERROR_CODE, type BridgeToClient } from '#shared/bridge-protocol.ts';
import type { Upstream } from '../upstream/upstream.ts';
import { Relay } from './relay.ts';

/** An upstream that keeps what it was sent and lets the test play the server. */
class FakeUpstream implements Upstream {
  sent: JSONRPCMessage[] = [];
  texts: string[] = [];
  failSends: string | undefined;
  onmessage?: Upstream['onmessage'];
  onbadframe?: Upstream['onbadframe'];
  onlost?: Upstream['onlost'];
  onevent?: Upstream['onevent'];
  onclose?: Upstream['onclose'];
  async start() {}
  async send(message: JSONRPCMessage, text: string) {
    if (this.failSends) throw new Error(this.failSends);
    this.sent.push(message);
    this.texts.push(text);
  }
  async close() {
    this.onclose?.('Disconnected');
  }
}

function setup() {
  const upstream = new FakeUpstream();
  const delivered: BridgeToClient[] = [];
  /** The JSON text the page gets of each delivered message (the relay's own, or a plain serialisation). */
  const wire: string[] = [];
  const relay = new Relay(upstream, (message, json) => {
    delivered.push(message);
    wire.push(json ?? JSON.stringify(message));
  });
  const frames = () => delivered.flatMap((m) => (m.type === 'frame' ? [m.frame] : []));
  return { upstream, relay, delivered, frames, wire };
}

const request = (id: number, method = 'tools/call'): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method,
  params: {},
});

describe('Relay', () => {
  it('passes messages both ways unchanged and stamps every frame in order', async () => {
    const { upstream, relay, frames } = setup();
    const outgoing = {
      ...request(1),
      params: { name: 'x', arguments: { weird: [1, null, { a: '\u0000' }] } },
    };
    const stamped: unknown[] = [];
    relay.stamper.subscribe((frame) => stamped.push(frame.message));
    await relay.send(outgoing);
    expect(upstream.sent).toEqual([outgoing]);
    const answer: JSONRPCMessage = { jsonrpc: '2.0', id: 1, result: { content: [], extra: { kept: true } } };
    upstream.onmessage?.(answer, JSON.stringify(answer));
    expect(frames().map((f) => [f.seq, f.direction])).toEqual([
      [0, 'out'],
      [1, 'in'],
    ]);
    expect(frames()[1]!.message).toBe(answer);
    expect(frames()[1]!.bytes).toBe(Buffer.byteLength(JSON.stringify(answer)));
    expect(stamped).toEqual([outgoing, answer]);
    expect(relay.stamper.size).toBe(2);
    expect(relay.pendingCount).toBe(0);
  });

  it("forwards the server's text as it came, serialises what the page sends once, and both parse to the frames", async () => {
    const { upstream, relay, frames, wire } = setup();
    const outgoing = request(1);
    const texts: string[] = [];
    relay.stamper.subscribe((_frame, json) => texts.push(json));
    await relay.send(outgoing);
    expect(upstream.texts).toEqual([JSON.stringify(outgoing)]);
    // Spacing, a 1.0 and an escaped character stay as the server wrote them.
    const line = '{ "jsonrpc": "2.0", "id": 1, "result": { "n": 1.0, "s": "\\u00e9" } }';
    upstream.onmessage?.(JSON.parse(line) as JSONRPCMessage, line);
    expect(wire[1]).toContain(line);
    expect(JSON.parse(wire[1]!)).toEqual({ type: 'frame', frame: frames()[1] });
    expect(frames()[1]).toMatchObject({ seq: 1, direction: 'in', bytes: Buffer.byteLength(line) });
    expect(frames()[0]!.bytes).toBe(Buffer.byteLength(JSON.stringify(outgoing)));
    // Every reader of the stamped frames (the recording) gets the message inside, both ways.
    expect(texts.map((text) => (JSON.parse(text) as { message: unknown }).message)).toEqual([
      outgoing,
      { jsonrpc: '2.0', id: 1, result: { n: 1, s: 'é' } },
    ]);
    expect(texts[1]).toContain(line);
  });

  it('writes synthetic answers and unreadable lines as JSON that parses back to their frames', async () => {
    const { upstream, relay, frames, wire } = setup();
    await relay.send(request(3));
    upstream.onbadframe?.('not "json"', 'Not JSON');
    upstream.onclose?.('gone');
    const inbound = wire.slice(1, 3).map((text) => JSON.parse(text) as BridgeToClient);
    expect(inbound).toEqual([
      { type: 'frame', frame: frames()[1] },
      { type: 'frame', frame: frames()[2] },
    ]);
    expect(frames()[2]).toMatchObject({ synthetic: true });
  });

  it('does not echo outgoing messages back to the browser', async () => {
    const { relay, frames } = setup();
    await relay.send(request(1));
    expect(frames()[0]!.message).toBeUndefined();
  });

  it('answers pending requests with a relay error as soon as the upstream dies', async () => {
    const { upstream, relay, frames, delivered } = setup();
    await relay.send(request(1));
    await relay.send(request(2));
    await relay.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    upstream.onclose?.('Server exited with code 3');
    const errors = frames().filter((f) => f.direction === 'in');
    expect(errors.map((f) => f.message)).toEqual([
      {
        jsonrpc: '2.0',
        id: 1,
        error: { code: RELAY_ERROR_CODE, message: 'Bridge: Server exited with code 3' },
      },
      {
        jsonrpc: '2.0',
        id: 2,
        error: { code: RELAY_ERROR_CODE, message: 'Bridge: Server exited with code 3' },
      },
    ]);
    expect(errors.every((f) => f.synthetic)).toBe(true);
    expect(delivered.at(-1)).toMatchObject({ type: 'event', event: { kind: 'closed' } });
  });

  it('answers a request at once when it cannot be sent', async () => {
    const { upstream, relay, frames } = setup();
    upstream.failSends = 'HTTP 500 from server';
    await relay.send(request(7));
    expect(frames()[1]!.message).toMatchObject({ id: 7, error: { code: RELAY_ERROR_CODE } });
  });

  it('answers requests sent after the upstream closed', async () => {
    const { upstream, relay, frames } = setup();
    upstream.onclose?.('Server exited with code 1');
    await relay.send(request(9));
    expect(upstream.sent).toEqual([]);
    expect(frames()[1]!.message).toMatchObject({
      id: 9,
      error: { message: 'Bridge: Server exited with code 1' },
    });
  });

  it('answers a request at once when the upstream says its answer is lost, and only once', async () => {
    const { upstream, relay, frames } = setup();
    await relay.send(request(4));
    upstream.onlost?.(4, 'The server ended the response stream without answering');
    upstream.onlost?.(4, 'again');
    upstream.onlost?.(5, 'never sent');
    const answers = frames().filter((f) => f.direction === 'in');
    expect(answers.map((f) => f.message)).toEqual([
      {
        jsonrpc: '2.0',
        id: 4,
        error: {
          code: RELAY_ERROR_CODE,
          message: 'Bridge: The server ended the response stream without answering',
        },
      },
    ]);
    expect(relay.pendingCount).toBe(0);
  });

  it('stamps unreadable frames with their raw text', () => {
    const { upstream, frames } = setup();
    upstream.onbadframe?.('Debugger listening…', 'Not JSON');
    expect(frames()[0]).toMatchObject({ raw: 'Debugger listening…', error: 'Not JSON', direction: 'in' });
  });
});
