import { describe, expect, it } from 'vitest';
import { serverName } from './server-name.ts';

describe('the name of a server', () => {
  const command = '/usr/bin/node lib/demo-server.js';

  it('leads with the title and version, the command as detail', () => {
    expect(
      serverName({ name: 'toolscope-demo', title: 'Toolscope demo server', version: '1.0.0' }, command),
    ).toEqual({
      label: 'Toolscope demo server 1.0.0',
      detail: command,
    });
  });

  it('takes the name without a title, and leaves out an empty version', () => {
    expect(serverName({ name: 'everything', version: '' }, command)).toEqual({
      label: 'everything',
      detail: command,
    });
  });

  it('is the command or URL until the server says who it is, and ignores names that are not text', () => {
    expect(serverName(undefined, command)).toEqual({ label: command });
    expect(serverName({ name: 42, title: '  ' }, 'https://x.test/mcp')).toEqual({
      label: 'https://x.test/mcp',
    });
    expect(serverName(undefined, undefined)).toEqual({ label: 'no server' });
  });

  it('keeps a hostile name to one short line', () => {
    const { label } = serverName({ name: `a\n\n${'b'.repeat(500)}` }, command);
    expect(label).not.toContain('\n');
    expect(label.length).toBeLessThanOrEqual(120);
  });
});
