import { describe, expect, it } from 'vitest';
import { plainConnectError, withoutRepeats } from './plain-error.ts';

describe('plainConnectError', () => {
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
    const said = plainConnectError('Bridge: fetch failed: bad port', undefined, {
      transport: 'http',
      url: 'http://127.0.0.1:9/mcp',
    });
    expect(said.text).toBe('Nothing is listening at 127.0.0.1:9. Is the server running?');
  });

  it('marks a refused revision under a chosen era as an era problem (Auto may connect)', () => {
    const said = plainConnectError(
      'JSON-RPC -32022 · Unsupported protocol version: Unsupported protocol version: 2025-11-25',
      { headline: 'x', code: -32022 },
      { transport: 'stdio', command: 'node', args: [], era: 'legacy' },
    );
    expect(said.eraProblem).toBe(true);
    expect(said.text).toBe('JSON-RPC -32022 · Unsupported protocol version: 2025-11-25');
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
