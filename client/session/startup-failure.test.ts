import { describe, expect, it } from 'vitest';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import { lastStderr, startupFailure } from './startup-failure.ts';
import { withStderr } from './connect-failure.ts';

const stderr = (...lines: string[]): TimedBridgeEvent[] =>
  lines.map((line, index) => ({ time: index, event: { kind: 'stderr', line, time: index } }));

describe('why a stdio server could not start', () => {
  it("names the line that says so: Node's missing module, a missing file, a missing program", () => {
    const node = stderr(
      'node:internal/modules/cjs/loader:1228',
      '  throw err;',
      "Error: Cannot find module '/srv/missing.js'",
      "  code: 'MODULE_NOT_FOUND',",
    );
    expect(startupFailure(node)).toBe("Error: Cannot find module '/srv/missing.js'");
    expect(
      startupFailure(
        stderr("python3: can't open file '/srv/server.py': [Errno 2] No such file or directory"),
      ),
    ).toMatch(/can't open file/);
    expect(startupFailure(stderr('sh: 1: mcp-server: command not found'))).toMatch(/command not found/);
    expect(startupFailure(stderr('SyntaxError: Unexpected token )'))).toMatch(/SyntaxError/);
  });

  it('names nothing for a server that merely logged before it exited', () => {
    expect(startupFailure(stderr('Server running on stdio', 'shutting down'))).toBeUndefined();
    expect(startupFailure([{ time: 1, event: { kind: 'exited', code: 3, signal: null } }])).toBeUndefined();
  });

  it('keeps the last lines otherwise, and adds what it found to the connect failure', () => {
    const logged = stderr('one', '', 'two', 'three', 'four');
    expect(lastStderr(logged)).toEqual(['two', 'three', 'four']);
    expect(withStderr({ headline: 'Server exited with code 3' }, logged)).toEqual({
      headline: 'Server exited with code 3',
      stderr: ['two', 'three', 'four'],
    });
    expect(withStderr({ headline: 'x' }, stderr("Error: Cannot find module 'a'"))).toEqual({
      headline: 'x',
      cause: "Error: Cannot find module 'a'",
    });
    expect(withStderr({ headline: 'x' }, [])).toEqual({ headline: 'x' });
  });
});
