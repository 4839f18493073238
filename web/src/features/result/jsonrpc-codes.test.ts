import { describe, expect, it } from 'vitest';
import { describeRequestError, jsonRpcErrorName, stripMcpPrefix } from './jsonrpc-codes.ts';

describe('jsonRpcErrorName', () => {
  it('names standard codes and the server range', () => {
    expect(jsonRpcErrorName(-32602)).toBe('Invalid params');
    expect(jsonRpcErrorName(-32050)).toBe('Server error');
    expect(jsonRpcErrorName(42)).toBeUndefined();
    expect(jsonRpcErrorName('x')).toBeUndefined();
  });
});

describe('describeRequestError', () => {
  it('drops repeated SDK prefixes and names the code once', () => {
    const error = Object.assign(new Error('MCP error -32002: MCP error -32002: Resource not found: x'), {
      code: -32002,
    });
    expect(describeRequestError(error)).toBe('Resource not found: x (JSON-RPC -32002 · Resource not found)');
    expect(describeRequestError(new Error('Not connected'))).toBe('Not connected');
    expect(describeRequestError('plain')).toBe('plain');
  });
});

describe('stripMcpPrefix', () => {
  it('removes every leading SDK prefix and nothing else', () => {
    expect(stripMcpPrefix('MCP error -32602: MCP error -32602: bad')).toBe('bad');
    expect(stripMcpPrefix('bad MCP error -1: x')).toBe('bad MCP error -1: x');
  });
});
