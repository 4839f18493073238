import { describe, expect, it } from 'vitest';
import {
  describeRequestError,
  explainCallError,
  explainMcpError,
  jsonRpcErrorName,
  stripMcpPrefix,
} from './jsonrpc-codes.ts';

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

describe('explainMcpError', () => {
  it('explains the 2026-07-28 codes with their data, and nothing else', () => {
    expect(explainMcpError(-32020, { mismatch: { header: 'eu', body: 'us' } })).toMatch(
      /did not match the request body\. The header said "eu", the body "us"\..*list the tools again/,
    );
    expect(explainMcpError(-32021, { requiredCapabilities: { elicitation: {}, sampling: {} } })).toMatch(
      /did not declare: elicitation, sampling/,
    );
    expect(explainMcpError(-32022, { supported: ['2026-07-28'], requested: '2025-11-25' })).toBe(
      'The server does not speak 2025-11-25; it supports 2026-07-28. Choose another Protocol era in the connection options.',
    );
    expect(explainMcpError(-32022, 'junk')).toMatch(/does not speak the requested protocol version\./);
    expect(explainMcpError(-32602, {})).toBeUndefined();
  });
});

describe('explainCallError', () => {
  it('tells an unknown tool from malformed params by the message, and names -32601 and -32002', () => {
    expect(explainCallError(-32602, 'Tool nope not found')).toMatch(/^Unknown tool/);
    expect(explainCallError(-32602, 'Unknown tool: nope')).toMatch(/^Unknown tool/);
    expect(explainCallError(-32602, 'params.name: expected string')).toMatch(/^Invalid params/);
    expect(explainCallError(-32601, 'Method not found')).toMatch(/HTTP 404/);
    expect(explainCallError(-32002, 'x')).toMatch(/-32602/);
    expect(explainCallError(-32603, 'x')).toBeUndefined();
  });
});
