import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { CallOrigins } from './call-origins.ts';
import { ListCache } from './list-cache.ts';
import { recordConnection } from './connection-records.ts';
import { TraceLog } from '../trace/trace-log.ts';
import type { TracedTransport } from '../transport/traced-transport.ts';

const fakeTransport = () =>
  ({ start: async () => {}, send: async () => {}, close: async () => {} }) as unknown as TracedTransport;

const cancelled = (seq: number): Frame => ({
  seq,
  direction: 'out',
  time: 1,
  bytes: 10,
  message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } },
});

describe('recordConnection', () => {
  // An old View's notifications/cancelled, acknowledged by the bridge after the next connect began,
  // would read as the new connection's frame, after its "new connection" boundary.
  it("keeps an ended connection's late frames out of the trace", () => {
    const records = {
      trace: new TraceLog((run) => run()),
      origins: new CallOrigins(),
      listCache: new ListCache(),
      log: () => {},
    };
    const old = fakeTransport();
    recordConnection(old, records);
    old.onframe?.(cancelled(7));
    const next = fakeTransport();
    recordConnection(next, records);
    old.onframe?.(cancelled(8));
    next.onframe?.({ ...cancelled(0), message: { jsonrpc: '2.0', id: 1, method: 'ping' } });
    expect(records.trace.get().frames.map((frame) => frame.bridgeSeq)).toEqual([7, 0]);
  });
});
