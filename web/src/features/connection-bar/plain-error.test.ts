import { describe, expect, it } from 'vitest';
import { isOtherServer, plainConnectError, withoutRepeats } from './plain-error.ts';

describe('plainConnectError', () => {
  it('says why a stdio server could not start from its stderr, not its exit code', () => {
    const cause = "Error: Cannot find module '/srv/missing.js'";
    expect(
      plainConnectError(
        'Server exited with code 1',
        { headline: 'Server exited with code 1', cause },
        undefined,
      ).text,
    ).toBe(`The server could not start: ${cause}`);
    expect(
      plainConnectError(
        'Server exited with code 3',
        { headline: 'Server exited with code 3', stderr: ['listening', 'fatal: bad config'] },
        undefined,
      ).text,
    ).toBe('The server exited (code 3). It wrote: fatal: bad config');
  });

  it('explains a refused connect with the address and a question a person acts on', () => {
    const said = plainConnectError(
      'JSON-RPC -32099 · Server error: Bridge: fetch failed: connect ECONNREFUSED 127.0.0.1:4567',
      { headline: 'x', code: -32099 },
      { transport: 'http', url: 'http://127.0.0.1:4567/mcp' },
    );
    expect(said.text).toBe('Nothing is listening at 127.0.0.1:4567. Is the server running?');
    expect(said.eraProblem).toBe(false);
  });

  it('names the URL host when the error does not carry the address', () => {
    const said = plainConnectError('Bridge: fetch failed: connect', undefined, {
      transport: 'http',
      url: 'http://127.0.0.1:4567/mcp',
    });
    expect(said.text).toBe('Nothing is listening at 127.0.0.1:4567. Is the server running?');
  });

  it('says a port fetch refuses is blocked, not that nothing listens there', () => {
    const said = plainConnectError('Bridge: fetch failed: bad port', undefined, {
      transport: 'http',
      url: 'http://127.0.0.1:9/mcp',
    });
    expect(said.text).toMatch(/^Port 9 is blocked for HTTP/);
  });

  it("puts an HTTP answer's meaning first, not the raw page the server sent", () => {
    const explanation =
      'HTTP 404: nothing answers MCP at this URL. Check the path: Streamable HTTP servers often serve /mcp.';
    const said = plainConnectError(
      'JSON-RPC -32099 · Server error: Bridge: Error POSTing to endpoint: <!DOCTYPE html>',
      { headline: 'x', code: -32099, explanation },
      { transport: 'http', url: 'http://127.0.0.1:4567/nope' },
    );
    expect(said.text).toBe(explanation);
  });

  it('marks a refused revision under a chosen era as an era problem (Auto may connect)', () => {
    const said = plainConnectError(
      'JSON-RPC -32022 · Unsupported protocol version: Unsupported protocol version: 2025-11-25',
      { headline: 'x', code: -32022 },
      { transport: 'stdio', command: 'node', args: [], era: 'legacy' },
    );
    expect(said.eraProblem).toBe(true);
    expect(said.text).toBe(
      'This server refused the 2025 handshake (it does not accept that protocol version). Choose Auto or Modern.',
    );
  });

  it('says a 2025 server refused under Modern in words, not in the SDK’s', () => {
    const said = plainConnectError(
      'Version negotiation failed: the server did not offer pinned protocol version 2026-07-28 via server/discover',
      { headline: 'x', code: -32601 },
      { transport: 'http', url: 'http://127.0.0.1:3001/mcp', era: 'modern' },
    );
    expect(said).toEqual({
      text: 'This server does not speak the 2026-07-28 protocol (it does not know server/discover). Choose Auto or Legacy.',
      eraProblem: true,
    });
  });

  it('keeps a repeated message said once', () => {
    expect(withoutRepeats('Unsupported protocol version: Unsupported protocol version: 2025-11-25')).toBe(
      'Unsupported protocol version: 2025-11-25',
    );
  });

  it('does not offer Auto when Auto already failed', () => {
    const said = plainConnectError(
      'JSON-RPC -32022 · x',
      { headline: 'x', code: -32022 },
      {
        transport: 'stdio',
        command: 'node',
        args: [],
        era: 'auto',
      },
    );
    expect(said.eraProblem).toBe(false);
  });
});

describe('withoutRepeats', () => {
  it('says a repeated lead once and leaves other text alone', () => {
    expect(withoutRepeats('Bad thing: Bad thing: detail')).toBe('Bad thing: detail');
    expect(withoutRepeats('A plain message')).toBe('A plain message');
  });
});

describe('isOtherServer', () => {
  const http = { transport: 'http', url: 'http://127.0.0.1:3999/mcp' } as const;
  const stdio = { transport: 'stdio' as const, command: 'node', args: ['a.js'] };
  it('says when the form points at another server than the one whose connect failed', () => {
    expect(isOtherServer(http, http)).toBe(false);
    expect(isOtherServer({ ...http, headers: { A: 'b' } }, http)).toBe(false);
    expect(isOtherServer({ ...http, url: 'http://127.0.0.1:4000/mcp' }, http)).toBe(true);
    expect(isOtherServer({ ...http, transport: 'sse' }, http)).toBe(true);
    expect(isOtherServer(stdio, http)).toBe(true);
    expect(isOtherServer(stdio, { ...stdio, env: { X: '1' } })).toBe(false);
    expect(isOtherServer({ ...stdio, args: ['b.js'] }, stdio)).toBe(true);
    expect(isOtherServer({ ...stdio, command: 'deno' }, stdio)).toBe(true);
    expect(isOtherServer(stdio, undefined)).toBe(false);
  });
});
