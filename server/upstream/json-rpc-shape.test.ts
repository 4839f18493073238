import { describe, expect, it } from 'vitest';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { isJsonRpcMessage } from './json-rpc-shape.ts';

const samples: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } },
  { jsonrpc: '2.0', id: 'a', method: 'ping' },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', method: 'n', params: [] },
  { jsonrpc: '2.0', id: 1.5, method: 'm' },
  { jsonrpc: '2.0', id: null, method: 'm' },
  { jsonrpc: '2.0', id: 1, result: {} },
  { jsonrpc: '2.0', id: 1, result: { content: [] } },
  { jsonrpc: '2.0', id: 1, result: 5 },
  { jsonrpc: '2.0', id: 1, result: null },
  { jsonrpc: '2.0', result: {} },
  { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no' } },
  { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'no', data: { x: 1 } } },
  { jsonrpc: '2.0', id: 1, error: { code: '1', message: 'no' } },
  { jsonrpc: '2.0', id: 1, error: { code: 1.5, message: 'no' } },
  { jsonrpc: '2.0', id: 1, error: { code: 1 } },
  { jsonrpc: '2.0', error: { code: -32700, message: 'parse error' } },
  { jsonrpc: '1.0', id: 1, method: 'm' },
  { id: 1, method: 'm' },
  { jsonrpc: '2.0', method: 5 },
  { jsonrpc: '2.0' },
  [],
  'text',
  null,
  42,
];

describe('isJsonRpcMessage', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the SDK schema on %s',
    (_, sample) => {
      expect(isJsonRpcMessage(sample)).toBe(JSONRPCMessageSchema.safeParse(sample).success);
    },
  );
});
