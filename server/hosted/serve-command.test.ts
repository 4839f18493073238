import { describe, expect, it } from 'vitest';
import { parseServeArgs, SERVE_USAGE } from './serve-command.ts';

describe('serve arguments', () => {
  it('reads --config, --port and --new-token, and says what is missing', () => {
    expect(parseServeArgs(['--config', 'team.json', '--port=0'])).toEqual({
      config: 'team.json',
      port: 0,
      help: false,
    });
    expect(parseServeArgs(['--new-token', 'dana'])).toMatchObject({ newTokenFor: 'dana' });
    expect(() => parseServeArgs([])).toThrow('--config is required');
    expect(() => parseServeArgs(['--config'])).toThrow('--config needs a value');
    expect(() => parseServeArgs(['--config', 'a', '--port', '70000'])).toThrow('--port must be 0..65535');
    expect(() => parseServeArgs(['--config', 'a', '--token', 'x'])).toThrow('Unknown option --token');
  });

  it('reads --pid-file beside --config, and --reload alone', () => {
    expect(parseServeArgs(['--config', 'team.json', '--pid-file', '/run/toolscope.pid'])).toMatchObject({
      config: 'team.json',
      pidFile: '/run/toolscope.pid',
    });
    expect(parseServeArgs(['--reload', '/run/toolscope.pid'])).toEqual({
      reload: '/run/toolscope.pid',
      help: false,
    });
  });

  it('lists --reload and --new-token among its options, and refuses a stray word', () => {
    expect(SERVE_USAGE).toMatch(/^ {2}--reload <pid-file> /m);
    expect(SERVE_USAGE).toMatch(/^ {2}--new-token <user> /m);
    expect(() => parseServeArgs(['--config', 'a', 'extra'])).toThrow('Unknown option extra');
  });
});
