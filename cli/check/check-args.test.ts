import { describe, expect, it } from 'vitest';
import { CHECK_USAGE, parseArgsFile, parseCheckArgs } from './check-args.ts';

describe('parseCheckArgs', () => {
  it('reads the baseline options, and refuses them together or --ignore alone', () => {
    const target = ['--', 'node', 's.js'];
    expect(parseCheckArgs(['--save-baseline', 'b.json', '--ignore', '/_meta', ...target]).baseline).toEqual({
      save: 'b.json',
      ignore: ['/_meta'],
    });
    expect(parseCheckArgs(['--baseline=b.json', ...target]).baseline).toEqual({
      compare: 'b.json',
      ignore: [],
    });
    expect(() => parseCheckArgs(['--baseline', 'a', '--save-baseline', 'b', ...target])).toThrow(
      'Give --save-baseline or --baseline, not both',
    );
    expect(() => parseCheckArgs(['--baseline', 'b', '--args-file', 'a.json', ...target])).toThrow(
      'Give --args-file or --baseline, not both: a baseline makes its own calls',
    );
    expect(() => parseCheckArgs(['--ignore', '/x', ...target])).toThrow(
      '--ignore needs --save-baseline or --baseline',
    );
    expect(() => parseCheckArgs(['--baseline', 'b', '--ignore', 'x', ...target])).toThrow(
      /is not a JSON pointer/,
    );
  });

  it('reads the check flags and the target the main command line reads', () => {
    const options = parseCheckArgs([
      '--json',
      '--junit',
      'out.xml',
      '--all',
      '--url',
      'https://x/mcp',
      '--header',
      'A: b',
      '--era',
      'modern',
    ]);
    expect(options).toMatchObject({
      json: true,
      junit: 'out.xml',
      all: true,
      target: { url: 'https://x/mcp', headers: { A: 'b' }, era: 'modern' },
    });
    expect(parseCheckArgs(['--timeout=500', '--', 'node', 'server.js', '--json']).target.command).toEqual([
      'node',
      'server.js',
      '--json',
    ]);
  });

  it('turns the OAuth flags into the upstream’s OAuth options', () => {
    const options = parseCheckArgs([
      '--url',
      'https://x/mcp',
      '--oauth-headless',
      '--client-id',
      'id',
      '--client-secret',
      's',
      '--client-credentials',
    ]);
    expect(options.oauth).toEqual({
      headless: true,
      clientId: 'id',
      clientSecret: 's',
      clientCredentials: true,
    });
    const keyed = parseCheckArgs([
      '--url',
      'https://x/mcp',
      '--client-id',
      'm',
      '--private-key-file',
      'key.pem',
      '--signing-alg',
      'RS256',
      '--client-metadata-url',
      'https://app.example/client.json',
    ]);
    expect(keyed.privateKeyFile).toBe('key.pem');
    expect(keyed.oauth).toEqual({
      clientId: 'm',
      signingAlg: 'RS256',
      clientMetadataUrl: 'https://app.example/client.json',
    });
  });

  it('refuses bad usage with a readable message', () => {
    expect(() => parseCheckArgs([])).toThrow(/Give a target/);
    expect(() => parseCheckArgs(['--port', '1', '--url', 'https://x'])).toThrow(
      /Unknown option for check: --port/,
    );
    expect(() => parseCheckArgs(['--junit'])).toThrow(/--junit needs a value/);
    expect(() => parseCheckArgs(['--url', 'https://x', '--timeout', '0'])).toThrow(/--timeout/);
    expect(() => parseCheckArgs(['--url', 'https://x', '--client-secret', 's'])).toThrow(/needs --client-id/);
    expect(() => parseCheckArgs(['--oauth-headless', '--', 'node'])).toThrow(/--url targets only/);
    const url = ['--url', 'https://x/mcp'];
    expect(() => parseCheckArgs([...url, '--client-credentials', '--client-id', 'a'])).toThrow(
      /--client-credentials needs --client-id and --client-secret or --private-key-file/,
    );
    expect(() => parseCheckArgs([...url, '--private-key-file', 'k'])).toThrow(/needs --client-id/);
    expect(() => parseCheckArgs([...url, '--signing-alg', 'HS256'])).toThrow(/asymmetric/);
    expect(() => parseCheckArgs([...url, '--client-metadata-url', 'http://a/c.json'])).toThrow(
      /https URL with a path/,
    );
    expect(() => parseCheckArgs([...url, '--client-metadata-url', 'https://a/'])).toThrow(/with a path/);
    expect(() => parseCheckArgs(['--url', 'a', '--', 'node'])).toThrow(/one target/);
    expect(parseCheckArgs(['--help']).help).toBe(true);
  });

  it('reads the DPoP, workload identity and enterprise IdP flags', () => {
    const url = ['--url', 'https://x/mcp'];
    expect(parseCheckArgs([...url, '--dpop']).oauth.dpop).toBe('always');
    expect(parseCheckArgs([...url, '--no-dpop']).oauth.dpop).toBe('never');
    expect(parseCheckArgs(url).oauth.dpop).toBeUndefined();
    expect(parseCheckArgs([...url, '--assertion-file', 'w.jwt']).assertionFile).toBe('w.jwt');
    const enterprise = parseCheckArgs([
      ...url,
      '--client-id',
      'c',
      '--id-token-file',
      'id.jwt',
      '--idp-url',
      'https://idp.example',
      '--idp-client-id',
      'i',
      '--idp-client-secret',
      'is',
    ]);
    expect(enterprise.idTokenFile).toBe('id.jwt');
    expect(enterprise.idp).toEqual({ url: 'https://idp.example', clientId: 'i', clientSecret: 'is' });
    expect(() => parseCheckArgs([...url, '--id-token-file', 'id.jwt', '--idp-client-id', 'i'])).toThrow(
      /needs --idp-url or --idp-token-endpoint/,
    );
    expect(() => parseCheckArgs([...url, '--idp-url', 'https://idp.example'])).toThrow(
      /need --id-token-file/,
    );
    expect(() => parseCheckArgs([...url, '--idp-token-endpoint', 'ftp://x'])).toThrow(/http\(s\) URL/);
    expect(() => parseCheckArgs(['--dpop', '--', 'node'])).toThrow(/--url targets only/);
  });
});

describe('parseArgsFile', () => {
  it('accepts tool name → arguments, or a list of them', () => {
    expect(parseArgsFile('{"echo":{"message":"hi"},"add":[{"a":1},{"a":2}]}', 'f.json')).toEqual({
      echo: { message: 'hi' },
      add: [{ a: 1 }, { a: 2 }],
    });
  });

  it('says what is wrong with a bad file', () => {
    expect(() => parseArgsFile('{', 'f.json')).toThrow(/f.json is not JSON/);
    expect(() => parseArgsFile('[]', 'f.json')).toThrow(/must be a JSON object/);
    expect(() => parseArgsFile('{"echo":"hi"}', 'f.json')).toThrow(/arguments of echo must be an object/);
  });
});

describe('--skills', () => {
  it('verifies every skill by default, lists them only with --skills list, refuses anything else', () => {
    expect(parseCheckArgs(['--', 'node', 's.js']).skills).toBeUndefined();
    expect(parseCheckArgs(['--skills', 'list', '--', 'node', 's.js']).skills).toBe('list');
    expect(parseCheckArgs(['--skills=verify', '--', 'node', 's.js']).skills).toBe('verify');
    expect(() => parseCheckArgs(['--skills', 'none', '--', 'node', 's.js'])).toThrow(
      '--skills must be verify or list, not none',
    );
  });
});

describe('target options', () => {
  it('reads them in the same table as the bridge: a bad value is refused by check itself, --help lists them', () => {
    expect(() => parseCheckArgs(['--era', 'newest', '--url', 'https://x/mcp'])).toThrow(
      '--era must be one of auto, legacy, modern',
    );
    expect(() => parseCheckArgs(['--header', 'no-colon', '--url', 'https://x/mcp'])).toThrow(/Name: value/);
    expect(() => parseCheckArgs(['--'])).toThrow('Expected a command after --');
    expect(parseCheckArgs(['--header=X-Team: blue', '--url', 'https://x/mcp']).target.headers).toEqual({
      'X-Team': 'blue',
    });
    for (const flag of ['--url', '--transport', '--header', '--config', '--server', '--era'])
      expect(CHECK_USAGE).toMatch(new RegExp(`^ {2}${flag}\\b`, 'm'));
  });
});
