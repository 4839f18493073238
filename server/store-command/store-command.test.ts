import { describe, expect, it } from 'vitest';
import { parseStoreArgs } from './store-command.ts';

describe('toolscope store arguments', () => {
  it('reads backup and copy with their options', () => {
    expect(parseStoreArgs(['backup', '/tmp/b.sqlite', '--data-dir', '/var/lib/toolscope'])).toEqual({
      action: 'backup',
      file: '/tmp/b.sqlite',
      dataDir: '/var/lib/toolscope',
      help: false,
    });
    expect(parseStoreArgs(['copy', '--to', 'postgres://db/x', '--from', 'r.sqlite'])).toMatchObject({
      action: 'copy',
      to: 'postgres://db/x',
      from: 'r.sqlite',
    });
    expect(parseStoreArgs(['--help']).help).toBe(true);
  });

  it('says what is missing or wrong', () => {
    expect(() => parseStoreArgs([])).toThrow(/Name a store command: backup or copy/);
    expect(() => parseStoreArgs(['restore'])).toThrow(/Unknown store command restore/);
    expect(() => parseStoreArgs(['backup'])).toThrow(/store backup needs the file to write/);
    expect(() => parseStoreArgs(['copy'])).toThrow(/store copy needs --to/);
    expect(() => parseStoreArgs(['backup', 'a', 'b'])).toThrow(/Unexpected argument b/);
    expect(() => parseStoreArgs(['backup', 'a', '--to', 'x'])).toThrow(/--from and --to are for store copy/);
    expect(() => parseStoreArgs(['copy', '--to'])).toThrow();
    expect(() => parseStoreArgs(['copy', '--tо', 'x'])).toThrow(/Unknown option/);
  });
});
