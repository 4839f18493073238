import { describe, expect, it } from 'vitest';
import { readSummary } from './conformance.js';
import { checkFlags } from '../bin/toolscope-conformance.js';

describe('the conformance adapter', () => {
  it('maps the suite’s environment to check flags, with no scenario logic', () => {
    const files: unknown[] = [];
    const write = (calls: Record<string, unknown[]>) => (files.push(calls), '/tmp/args.json');
    expect(
      checkFlags('http://localhost:1/mcp', { MCP_CONFORMANCE_PROTOCOL_VERSION: '2026-07-28' }, write),
    ).toEqual([
      '--url',
      'http://localhost:1/mcp',
      '--oauth-headless',
      '--era',
      'modern',
      '--client-metadata-url',
      'https://conformance-test.local/client-metadata.json',
      '--all',
    ]);
    const context = JSON.stringify({
      client_id: 'id',
      client_secret: 's',
      toolCalls: [{ name: 'a', arguments: { x: 1 } }, { name: 'a' }, { name: 'b', arguments: {} }],
    });
    expect(checkFlags('http://h/mcp', { MCP_CONFORMANCE_CONTEXT: context }, write)).toEqual([
      '--url',
      'http://h/mcp',
      '--oauth-headless',
      '--client-id',
      'id',
      '--client-secret',
      's',
      '--client-metadata-url',
      'https://conformance-test.local/client-metadata.json',
      '--args-file',
      '/tmp/args.json',
    ]);
    expect(files).toEqual([{ a: [{ x: 1 }, {}], b: [{}] }]);
  });

  it('lists skills without loading them for the scenario that counts what a host reads ahead of need', () => {
    const flags = (scenario: string) =>
      checkFlags('http://h/mcp', { MCP_CONFORMANCE_SCENARIO: scenario }, () => '').join(' ');
    expect(flags('sep-2640-client-no-prefetch')).toContain('--skills list');
    expect(flags('sep-2640-client-verify-digest')).not.toContain('--skills');
    expect(flags('toString')).not.toContain('--skills');
  });

  it('hands a private key to check as a file, with its algorithm', () => {
    const keys: string[] = [];
    const context = JSON.stringify({ client_id: 'm', private_key_pem: 'PEM', signing_algorithm: 'ES256' });
    const flags = checkFlags(
      'http://h/mcp',
      { MCP_CONFORMANCE_CONTEXT: context },
      () => '',
      (pem) => (keys.push(pem), '/tmp/key.pem'),
    );
    expect(keys).toEqual(['PEM']);
    expect(flags.join(' ')).toContain('--client-id m --private-key-file /tmp/key.pem --signing-alg ES256');
    expect(flags).not.toContain('PEM');
  });

  it('hands a workload JWT and an enterprise ID token to check as files, never on the command line', () => {
    const tokens: string[] = [];
    const write = (name: string, token: string) => (tokens.push(token), `/tmp/${name}`);
    const workload = checkFlags(
      'http://h/mcp',
      {
        MCP_CONFORMANCE_CONTEXT: JSON.stringify({ client_id: 'w', valid_jwt: 'a.b.c', expired_jwt: 'x.y.z' }),
      },
      () => '',
      () => '',
      write,
    );
    expect(workload.join(' ')).toContain('--client-id w --assertion-file /tmp/assertion.jwt');
    const enterprise = checkFlags(
      'http://h/mcp',
      {
        MCP_CONFORMANCE_CONTEXT: JSON.stringify({
          client_id: 'c',
          client_secret: 's',
          idp_id_token: 'd.e.f',
          idp_client_id: 'idp-c',
          idp_issuer: 'http://idp',
          idp_token_endpoint: 'http://idp/token',
        }),
      },
      () => '',
      () => '',
      write,
    );
    expect(enterprise.join(' ')).toContain(
      '--id-token-file /tmp/id-token.jwt --idp-client-id idp-c --idp-token-endpoint http://idp/token',
    );
    expect(tokens).toEqual(['a.b.c', 'd.e.f']);
    expect([...workload, ...enterprise].join(' ')).not.toMatch(/a\.b\.c|d\.e\.f|x\.y\.z/);
  });

  it('reads the suite’s summary, scored and unscored', () => {
    const output = [
      '=== SUITE SUMMARY ===',
      '✓ tools_call: 2 passed, 0 failed',
      '✗ auth/dpop: 0 passed, 3 failed',
      'Not scored for 2026-07-28: 1 scenario(s) run, 1 failing.',
      '  ✗ auth/dpop (extension)',
    ].join('\n');
    expect(readSummary(output)).toEqual([
      { scenario: 'tools_call', passed: 2, failed: 0, ok: true, scored: true },
      { scenario: 'auth/dpop', passed: 0, failed: 3, ok: false, scored: false },
    ]);
  });
});
