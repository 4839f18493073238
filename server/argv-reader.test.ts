import { describe, expect, it } from 'vitest';
import { ArgvReader } from './argv-reader.ts';

describe('ArgvReader', () => {
  it('splits --name=value and keeps a value that holds "="', () => {
    const args = new ArgvReader(['--header=X-A: b=c', '-h']);
    expect(args.next()).toBe('--header');
    expect(args.value('--header')).toBe('X-A: b=c');
    expect(args.next()).toBe('-h');
    expect(args.next()).toBeUndefined();
  });

  it('refuses an option as a value, and a missing value', () => {
    const args = new ArgvReader(['--port', '--url']);
    args.next();
    expect(() => args.value('--port')).toThrow('--port needs a value');
    expect(() => new ArgvReader([]).value('--token')).toThrow('--token needs a value');
  });

  it('reads ports in 0..65535 only', () => {
    expect(new ArgvReader(['0']).port('--port')).toBe(0);
    expect(new ArgvReader(['65535']).port('--port')).toBe(65535);
    for (const bad of ['65536', '-1', '1.5', 'x'])
      expect(() => new ArgvReader([bad]).port('--sandbox-port')).toThrow('--sandbox-port must be 0..65535');
  });

  it('hands over every word left after --', () => {
    const args = new ArgvReader(['--', 'node', 'server.js', '--port=1']);
    expect(args.next()).toBe('--');
    expect(args.remaining()).toEqual(['node', 'server.js', '--port=1']);
    expect(args.next()).toBeUndefined();
  });
});
