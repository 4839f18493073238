import { afterEach, describe, expect, it, vi } from 'vitest';
import { nameForTarget, ServerListStore } from './server-list-store.ts';
import type { NamedTarget } from '#shared/server-config.ts';

const demo: NamedTarget = {
  name: 'demo',
  target: { transport: 'stdio', command: 'node', args: ['d.js'], env: { K: 'v' } },
};
const remote: NamedTarget = {
  name: 'r',
  target: { transport: 'sse', url: 'http://h/sse', headers: { A: 'b' } },
};

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: () => null,
    get length() {
      return data.size;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('ServerListStore', () => {
  it('adds with unique names, renames and removes', () => {
    const store = new ServerListStore(null);
    expect(store.add([demo, demo, { ...remote, name: ' ' }])).toEqual(['demo', 'demo (2)', 'server']);
    expect(store.rename('demo (2)', 'demo')).toMatch(/already saved/);
    expect(store.rename('demo (2)', '  ')).toMatch(/required/);
    expect(store.rename('demo (2)', 'copy')).toBeUndefined();
    store.remove('demo');
    expect(store.get().servers.map((s) => s.name)).toEqual(['copy', 'server']);
    expect(store.find('copy')?.target).toEqual(demo.target);
  });

  it('persists in localStorage and survives junk there', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    new ServerListStore('k').add([demo, remote]);
    expect(new ServerListStore('k').get().servers).toEqual([demo, remote]);
    localStorage.setItem('k', '{"servers":{"bad":{},"ok":{"command":"x"}}}');
    expect(new ServerListStore('k').get().servers.map((s) => s.name)).toEqual(['ok']);
    localStorage.setItem('k', 'not json');
    expect(new ServerListStore('k').get().servers).toEqual([]);
  });
});

describe('nameForTarget', () => {
  it('names by script, command or host', () => {
    expect(
      nameForTarget({
        transport: 'stdio',
        command: 'node',
        args: ['--import', 'tsx', 'server/demo/demo-server.ts'],
      }),
    ).toBe('demo-server');
    expect(nameForTarget({ transport: 'stdio', command: '/usr/bin/uvx', args: ['mcp-server-time'] })).toBe(
      'uvx',
    );
    expect(nameForTarget({ transport: 'http', url: 'https://mcp.example.com:8443/mcp' })).toBe(
      'mcp.example.com:8443',
    );
    expect(nameForTarget({ transport: 'sse', url: 'nope' })).toBe('server');
  });
});
