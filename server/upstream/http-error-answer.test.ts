import { describe, expect, it } from 'vitest';
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { httpFailure, serverAnswerIn } from './http-error-answer.ts';

const failed = (status: number, text: string) =>
  new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, `Error POSTing to endpoint: ${text}`, {
    status,
    statusText: '',
    text,
  });

describe('errors in failed POSTs', () => {
  it('takes the server’s own JSON-RPC error as its answer, code and data kept', () => {
    const body = {
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32601, message: 'Method not found', data: { x: 1 } },
    };
    expect(serverAnswerIn(failed(404, JSON.stringify(body)), 3)).toEqual(body);
    expect(serverAnswerIn(failed(400, JSON.stringify({ ...body, id: null })), 3)).toEqual(body);
  });

  it('does not take other bodies as an answer', () => {
    expect(serverAnswerIn(failed(500, 'Internal meltdown'), 3)).toBeUndefined();
    expect(
      serverAnswerIn(
        failed(404, JSON.stringify({ jsonrpc: '2.0', id: 4, error: { code: 1, message: 'x' } })),
        3,
      ),
    ).toBeUndefined();
    expect(
      serverAnswerIn(failed(400, JSON.stringify({ jsonrpc: '2.0', id: 3, result: {} })), 3),
    ).toBeUndefined();
    expect(serverAnswerIn(new Error('fetch failed'), 3)).toBeUndefined();
  });

  it('keeps the status and the start of the body for the relay error', () => {
    expect(httpFailure(failed(502, 'x'.repeat(5000)))).toEqual({ status: 502, body: 'x'.repeat(2000) });
    expect(httpFailure(new Error('x'))).toBeUndefined();
  });
});
