import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { LiveMessage } from '#shared/recordings.ts';
import { McpSession } from '#client/session/mcp-session.ts';
import { CallHistory } from '../calls/call-history.ts';
import { LiveReplay } from './live-replay.ts';
import { ReplayBuilder } from './replay-builder.ts';
import { CallOrigins } from '#client/session/call-origins.ts';

/** The part of a WebSocket LiveReplay uses, driven by the test. */
class FakeSocket {
  onopen?: () => void;
  onmessage?: (event: { data: string }) => void;
  onclose?: () => void;
  closed = false;
  constructor(readonly url: string) {}
  receive(message: LiveMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  close() {
    this.closed = true;
  }
}

function frame(seq: number, message: Record<string, unknown>, direction: Frame['direction'] = 'out'): Frame {
  return {
    seq,
    direction,
    time: 1000 + seq,
    bytes: 1,
    message: { jsonrpc: '2.0', ...message } as JSONRPCMessage,
  };
}

function setUp(counts = { frames: 0, events: 0 }, whyRefused?: () => Promise<string | undefined>) {
  const session = new McpSession({
    createTransport: () => {
      throw new Error('read-only');
    },
    scheduleTrace: (run) => run(),
  });
  const history = new CallHistory();
  const sockets: FakeSocket[] = [];
  const live = new LiveReplay(
    'S'.repeat(43),
    { session, history, builder: new ReplayBuilder('server'), origins: new CallOrigins() },
    counts,
    {
      origin: 'http://127.0.0.1:6277',
      schedule: (run) => run(),
      ...(whyRefused ? { whyRefused } : {}),
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    },
  );
  return { session, history, live, sockets };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveReplay', () => {
  it("marks a View's call as it comes live: its request as the bridge recorded it, and its answer", () => {
    const { session, history, live, sockets } = setUp();
    live.start();
    sockets[0]!.onopen?.();
    const request = {
      ...frame(0, { id: 1, method: 'tools/call', params: { name: 'refresh' } }),
      origin: 'view',
    };
    sockets[0]!.receive({ type: 'frame', frame: request as Frame });
    sockets[0]!.receive({ type: 'frame', frame: frame(1, { id: 1, result: { content: [] } }, 'in') });
    expect(session.trace.get().frames.map((f) => f.origin)).toEqual(['view', 'view']);
    expect(history.get().calls.map((call) => [call.tool, call.origin])).toEqual([['refresh', 'view']]);
  });

  it('asks for what it lacks, and adds frames, calls and log lines as they come', () => {
    const { session, history, live, sockets } = setUp({ frames: 3, events: 1 });
    live.start();
    expect(sockets[0]!.url).toBe(`ws://127.0.0.1:6277/api/shared/${'S'.repeat(43)}/live?frames=3&events=1`);
    sockets[0]!.onopen?.();
    expect(live.get().status).toBe('live');
    sockets[0]!.receive({
      type: 'frame',
      frame: frame(3, { id: 7, method: 'tools/call', params: { name: 'echo' } }),
    });
    sockets[0]!.receive({ type: 'frame', frame: frame(4, { id: 7, result: { content: [] } }, 'in') });
    sockets[0]!.receive({
      type: 'event',
      entry: { time: 5, event: { kind: 'stderr', line: 'hello', time: 5 } },
    });
    expect(session.trace.get().frames.map((f) => f.bridgeSeq)).toEqual([3, 4]);
    expect(history.get().calls.map((call) => [call.tool, call.outcome?.status])).toEqual([['echo', 'ok']]);
    expect(history.get().selectedId).toBe(1);
    expect(session.state.get().log).toHaveLength(1);
  });

  it('reconnects after a drop with the counts it has, skipping frames it already holds', () => {
    vi.useFakeTimers();
    const { session, live, sockets } = setUp();
    live.start();
    sockets[0]!.onopen?.();
    sockets[0]!.receive({ type: 'frame', frame: frame(0, { method: 'notifications/initialized' }) });
    sockets[0]!.onclose?.();
    expect(live.get().status).toBe('reconnecting');
    vi.advanceTimersByTime(2000);
    expect(sockets[1]!.url).toMatch(/frames=1&events=0$/);
    sockets[1]!.onopen?.();
    sockets[1]!.receive({ type: 'frame', frame: frame(0, { method: 'notifications/initialized' }) });
    sockets[1]!.receive({ type: 'frame', frame: frame(1, { id: 1, method: 'ping' }) });
    expect(session.trace.get().frames).toHaveLength(2);
    sockets[1]!.receive({ type: 'ended', reason: 'closed', endedAt: 10 });
    expect(live.get().status).toBe('ended');
    expect(sockets[1]!.closed).toBe(true);
  });

  it('leaves Live with the reason while the bridge cannot write the recording, and keeps word of a gap', () => {
    const { live, sockets } = setUp();
    live.start();
    sockets[0]!.onopen?.();
    sockets[0]!.receive({ type: 'paused', reason: 'the recordings store does not answer' });
    expect(live.get()).toEqual({ status: 'paused', detail: 'the recordings store does not answer' });
    sockets[0]!.receive({ type: 'resumed' });
    expect(live.get()).toEqual({ status: 'live', detail: undefined });
    sockets[0]!.receive({ type: 'paused', reason: 'again' });
    sockets[0]!.receive({ type: 'resumed', detail: 'Recording interrupted: 3 frames' });
    expect(live.get()).toEqual({
      status: 'live',
      detail: undefined,
      interrupted: 'Recording interrupted: 3 frames',
    });
  });

  it('says why it ended, and ignores messages that are not JSON', () => {
    const { live, sockets } = setUp();
    live.start();
    sockets[0]!.onmessage?.({ data: '{oops' });
    sockets[0]!.receive({ type: 'ended', reason: 'unshared', endedAt: 1 });
    expect(live.get()).toEqual({ status: 'ended', detail: 'Sharing was stopped' });
  });

  it('stops trying when the bridge refuses this page’s address, and says which setting to change', async () => {
    const reason = 'Origin not allowed: http://toolscope.test (add "toolscope.test" to server.allowedHosts)';
    const { live, sockets } = setUp(undefined, async () => reason);
    live.start();
    sockets[0]!.onclose?.();
    await vi.waitFor(() => expect(live.get()).toEqual({ status: 'refused', detail: reason }));
    expect(sockets).toHaveLength(1);
  });

  it('retries a socket that never opened when the bridge does not refuse the page', async () => {
    vi.useFakeTimers();
    const { live, sockets } = setUp(undefined, async () => undefined);
    live.start();
    sockets[0]!.onclose?.();
    await vi.waitFor(() => expect(live.get().status).toBe('reconnecting'));
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(2);
  });
});
