import { describe, expect, it } from 'vitest';
import type { Frame } from '#shared/bridge-protocol.ts';
import { wireFacts } from './wire-facts.ts';

const base = { seq: 0, time: 0, bytes: 10 } as const;

describe('wireFacts', () => {
  it('lists the headers of the POST, decoding base64 values (Mcp-Param-*, Mcp-Name), and the envelope', () => {
    const frame: Frame = {
      ...base,
      direction: 'out',
      message: {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: {
          name: 'where',
          arguments: { region: 'Zürich' },
          _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', progressToken: 3 },
        },
      },
      http: {
        request: {
          method: 'POST',
          headers: {
            'mcp-param-region': '=?base64?WsO8cmljaA==?=',
            'mcp-method': 'tools/call',
            'mcp-name': '=?base64?SGVsbG8sIOS4lueVjA==?=',
          },
          decoded: { 'mcp-param-region': 'Zürich' },
        },
      },
    };
    const facts = wireFacts(frame);
    expect(facts.request?.headers).toEqual([
      { name: 'mcp-method', value: 'tools/call' },
      { name: 'mcp-name', value: '=?base64?SGVsbG8sIOS4lueVjA==?=', decoded: 'Hello, 世界' },
      { name: 'mcp-param-region', value: '=?base64?WsO8cmljaA==?=', decoded: 'Zürich' },
    ]);
    expect(facts.envelope).toEqual({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' });
    expect(facts.resultType).toBeUndefined();
  });

  it('gives a response its HTTP status and resultType, and says when resultType is absent', () => {
    const modern: Frame = {
      ...base,
      direction: 'in',
      message: { jsonrpc: '2.0', id: 3, result: { resultType: 'input_required', inputRequests: {} } },
      http: { response: { status: 200, contentType: 'application/json' } },
    };
    expect(wireFacts(modern)).toEqual({
      response: { status: 200, contentType: 'application/json' },
      resultType: 'input_required',
    });
    const legacy: Frame = { ...base, direction: 'in', message: { jsonrpc: '2.0', id: 1, result: {} } };
    expect(wireFacts(legacy)).toEqual({ resultType: 'absent' });
  });

  it('an error answered with 400 keeps its status; a line that is not JSON has nothing more', () => {
    const refused: Frame = {
      ...base,
      direction: 'in',
      message: { jsonrpc: '2.0', id: 1, error: { code: -32020, message: 'Header mismatch' } },
      http: { response: { status: 400 } },
    };
    expect(wireFacts(refused)).toEqual({ response: { status: 400 } });
    expect(wireFacts({ ...base, direction: 'in', raw: 'garbage', error: 'Not JSON' })).toEqual({});
  });
});
