import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseCliArgs, USAGE } from './cli-args.ts';

describe('parseCliArgs', () => {
  it('--help names every subcommand the README documents: check and serve', () => {
    expect(USAGE).toMatch(/^ {2}toolscope check /m);
    expect(USAGE).toMatch(/^ {2}toolscope serve /m);
  });

  it('reads --version, and nothing asks for it by default', () => {
    expect(parseCliArgs(['--version']).version).toBe(true);
    expect(parseCliArgs([]).version).toBe(false);
    expect(USAGE).toContain('--version');
  });

  it('takes everything after -- as the stdio command, untouched', () => {
    const options = parseCliArgs(['--port', '0', '--no-open', '--', 'node', 'server.js', '--port', '9']);
    expect(options).toMatchObject({ port: 0, open: false, command: ['node', 'server.js', '--port', '9'] });
  });

  it('reads --sandbox-port (absent: the bridge picks a free port)', () => {
    expect(parseCliArgs(['--sandbox-port', '7000']).sandboxPort).toBe(7000);
    expect(parseCliArgs([]).sandboxPort).toBeUndefined();
  });

  it('reads --url, --transport and repeated --header', () => {
    const options = parseCliArgs([
      '--url',
      'https://example.test/mcp',
      '--transport',
      'sse',
      '--header',
      'Authorization: Bearer a:b',
      '--header=X-Team: blue',
    ]);
    expect(options).toMatchObject({
      url: 'https://example.test/mcp',
      transport: 'sse',
      headers: { Authorization: 'Bearer a:b', 'X-Team': 'blue' },
    });
  });

  it('has safe defaults and takes the token from the environment', () => {
    const options = parseCliArgs([], { TOOLSCOPE_TOKEN: 'from-env' });
    expect(options).toMatchObject({ port: DEFAULT_PORT, host: '127.0.0.1', open: true, token: 'from-env' });
    expect(parseCliArgs(['--token', 'flag'], { TOOLSCOPE_TOKEN: 'env' }).token).toBe('flag');
  });

  it('reads --config and --server', () => {
    expect(parseCliArgs(['--config', 'mcp.json', '--server', 'files'])).toMatchObject({
      config: 'mcp.json',
      server: 'files',
    });
  });

  it('reads --era, and leaves it unset by default (auto)', () => {
    expect(parseCliArgs(['--era', 'modern', '--url', 'http://x/mcp']).era).toBe('modern');
    expect(parseCliArgs(['--era=legacy']).era).toBe('legacy');
    expect(parseCliArgs([]).era).toBeUndefined();
  });

  it('takes the PostgreSQL URL from --database-url, else $TOOLSCOPE_DATABASE_URL, and refuses another scheme', () => {
    const url = 'postgres://toolscope:pw@db:5432/toolscope';
    expect(parseCliArgs(['--database-url', url]).databaseUrl).toBe(url);
    expect(parseCliArgs([], { TOOLSCOPE_DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(
      parseCliArgs(['--database-url=postgresql://x/y'], { TOOLSCOPE_DATABASE_URL: url }).databaseUrl,
    ).toBe('postgresql://x/y');
    expect(parseCliArgs([]).databaseUrl).toBeUndefined();
    expect(() => parseCliArgs(['--database-url', 'mysql://x/y'])).toThrow(/postgres:\/\//);
    expect(() => parseCliArgs([], { TOOLSCOPE_DATABASE_URL: 'sqlite:x' })).toThrow(/TOOLSCOPE_DATABASE_URL/);
  });

  it.each([
    [['--era', 'newest'], /--era must be one of auto, legacy, modern/],
    [['--port', 'abc'], /--port/],
    [['--sandbox-port', '70000'], /--sandbox-port must be 0\.\.65535/],
    [['--port'], /needs a value/],
    [['--header', 'no-colon'], /Name: value/],
    [['--transport', 'ws', '--url', 'http://x'], /http or sse/],
    [['--bogus'], /Unknown option --bogus/],
    [['--url', 'http://x', '--', 'node'], /one target/],
    [['--server', 'x'], /--server needs --config/],
    [['--'], /command after --/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it('lists every option it reads in its help, the target options too', () => {
    for (const flag of [
      '--open',
      '--no-open',
      '--url',
      '--transport',
      '--header',
      '--config',
      '--server',
      '--era',
    ])
      expect(USAGE).toMatch(new RegExp(`^ {2}${flag}\\b`, 'm'));
  });

  it('names the option when a value is missing or is itself an option, and the first bad value', () => {
    expect(() => parseCliArgs(['--era', '--url', 'http://x'])).toThrow('--era needs a value');
    expect(() => parseCliArgs(['--retention-days', '-1'])).toThrow(
      /--retention-days must be a whole number from 0 to \d+/,
    );
    expect(() => parseCliArgs(['--transport', 'sse'])).toThrow('--transport needs --url');
  });
});
