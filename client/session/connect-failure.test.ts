import { describe, expect, it } from 'vitest';
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { describeConnectFailure, explainHttpStatus } from './connect-failure.ts';

const http = { transport: 'http', url: 'http://127.0.0.1:1/wrong' } as const;

describe('describeConnectFailure', () => {
  it('keeps a -32022 refusal with the versions the server supports', () => {
    const error = new ProtocolError(-32022, 'Unsupported protocol version: 2025-11-25', {
      supported: ['2026-07-28'],
      requested: '2025-11-25',
    });
    const failure = describeConnectFailure(error, http);
    // The name is said once: the message already opens with it.
    expect(failure.headline).toBe('JSON-RPC -32022: Unsupported protocol version: 2025-11-25');
    expect(describeConnectFailure(new ProtocolError(-32601, 'Method not found'), http).headline).toBe(
      'JSON-RPC -32601: Method not found',
    );
    expect(failure.explanation).toMatch(/supports 2026-07-28\. Choose another Protocol era/);
    expect(failure.data).toEqual({ supported: ['2026-07-28'], requested: '2025-11-25' });
  });

  it('names the capabilities of a -32021, and explains a bridge error by its HTTP status', () => {
    const missing = new ProtocolError(-32021, 'Missing capability', {
      requiredCapabilities: { sampling: {} },
    });
    expect(describeConnectFailure(missing, http).explanation).toMatch(/did not declare: sampling/);
    const notFound = new ProtocolError(-32099, 'Bridge: HTTP 404', { status: 404, body: 'Not Found' });
    const failure = describeConnectFailure(notFound, http);
    expect(failure.explanation).toMatch(
      /HTTP 404: nothing answers MCP at http:\/\/127\.0\.0\.1:1\/wrong\. Check the path/,
    );
    expect(failure.data).toEqual({ status: 404, body: 'Not Found' });
  });

  it('explains -32601 at connect, and keeps any other error as its message', () => {
    expect(describeConnectFailure(new ProtocolError(-32601, 'Method not found'), http).explanation).toMatch(
      /does not implement the opening request/,
    );
    expect(describeConnectFailure(new Error('Server exited with code 1'), undefined)).toEqual({
      headline: 'Server exited with code 1',
    });
  });

  it('reads a failed negotiation by what server/discover was answered on the wire', () => {
    const error = new SdkError(SdkErrorCode.EraNegotiationFailed, 'Version negotiation failed');
    const answer = {
      jsonrpc: '2.0',
      id: 'p',
      error: { code: -32099, message: 'HTTP 404', data: { status: 404 } },
    };
    const failure = describeConnectFailure(error, http, answer);
    expect(failure.headline).toBe(
      'Version negotiation failed. server/discover was answered JSON-RPC -32099 · Server error: HTTP 404',
    );
    expect(failure).toMatchObject({ code: -32099, data: { status: 404 } });
    expect(failure.explanation).toMatch(/^HTTP 404: nothing answers MCP/);
  });

  it('says what common HTTP statuses mean for an MCP URL', () => {
    expect(explainHttpStatus(401, http)).toMatch(/Authorization header/);
    expect(explainHttpStatus(405, http)).toMatch(/SSE/);
    expect(explainHttpStatus(502, http)).toMatch(/failed on its side/);
    expect(explainHttpStatus(undefined, http)).toBeUndefined();
  });
});
