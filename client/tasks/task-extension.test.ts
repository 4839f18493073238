import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { modernTaskOf, passTaskResults, readInputRequests } from './task-extension.ts';

function fakeTransport(): { transport: Transport; delivered: JSONRPCMessage[] } {
  const delivered: JSONRPCMessage[] = [];
  const transport = {
    start: async () => {},
    send: async () => {},
    close: async () => {},
    onmessage: (message: JSONRPCMessage) => delivered.push(message),
  } as Transport;
  return { transport, delivered };
}

describe('the tasks extension on the client side', () => {
  it('hands the SDK a marked complete copy of a task result and leaves the wire copy alone', () => {
    const { transport, delivered } = fakeTransport();
    passTaskResults(transport);
    const wire = {
      jsonrpc: '2.0',
      id: 3,
      result: { resultType: 'task', taskId: 't1', status: 'working', pollIntervalMs: 200, ttlMs: 60_000 },
    } as JSONRPCMessage;
    transport.onmessage!(wire);
    expect((wire as unknown as { result: { resultType: string } }).result.resultType).toBe('task');
    const seen = (delivered[0] as { result: Record<string, unknown> }).result;
    expect(seen).toMatchObject({ resultType: 'complete', content: [] });
    expect(modernTaskOf(seen)).toMatchObject({
      taskId: 't1',
      status: 'working',
      pollInterval: 200,
      ttl: 60_000,
    });
  });

  it('passes every other message unchanged and finds no task in it', () => {
    const { transport, delivered } = fakeTransport();
    passTaskResults(transport);
    const plain = { jsonrpc: '2.0', id: 1, result: { content: [], taskId: 'x' } } as JSONRPCMessage;
    transport.onmessage!(plain);
    expect(delivered[0]).toBe(plain);
    expect(modernTaskOf((plain as unknown as { result: unknown }).result)).toBeUndefined();
  });

  it('reads input requests loosely', () => {
    expect(
      readInputRequests({ name: { method: 'elicitation/create', params: { message: 'm' } }, bad: 1, no: {} }),
    ).toEqual({ name: { method: 'elicitation/create', params: { message: 'm' } } });
    expect(readInputRequests(null)).toEqual({});
  });
});
