import { describe, expect, it } from 'vitest';
import {
  MAX_CONFIG_CHARS,
  MAX_CONFIG_SERVERS,
  parseServerConfig,
  writeServerConfig,
  type ConfigFormat,
  type NamedTarget,
} from './server-config.ts';

const servers: NamedTarget[] = [
  {
    name: 'files',
    target: {
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp dir'],
      env: { API_KEY: 'sk-secret' },
      cwd: '/work',
    },
  },
  {
    name: 'remote',
    target: {
      transport: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer t0k' },
    },
  },
  { name: 'legacy', target: { transport: 'sse', url: 'http://127.0.0.1:3001/sse', headers: {} } },
];

describe('parseServerConfig', () => {
  it('reads Claude Desktop stdio entries', () => {
    const text = '{"mcpServers":{"fs":{"command":"npx","args":["-y","pkg"],"env":{"A":"1"}}}}';
    expect(parseServerConfig(text)).toEqual({
      servers: [
        { name: 'fs', target: { transport: 'stdio', command: 'npx', args: ['-y', 'pkg'], env: { A: '1' } } },
      ],
      problems: [],
    });
  });

  it('reads Cursor url entries with headers', () => {
    const text = '{"mcpServers":{"r":{"url":"https://h/mcp","headers":{"Authorization":"Bearer x"}}}}';
    expect(parseServerConfig(text).servers).toEqual([
      {
        name: 'r',
        target: { transport: 'http', url: 'https://h/mcp', headers: { Authorization: 'Bearer x' } },
      },
    ]);
  });

  it('reads VS Code mcp.json and settings.json shapes', () => {
    const entry = { type: 'sse', url: 'http://h/sse' };
    for (const file of [{ servers: { s: entry } }, { mcp: { servers: { s: entry } } }])
      expect(parseServerConfig(JSON.stringify(file)).servers).toEqual([
        { name: 's', target: { transport: 'sse', url: 'http://h/sse', headers: {} } },
      ]);
  });

  it('resolves cwd through the option', () => {
    const text = '{"servers":{"s":{"type":"stdio","command":"c","cwd":"rel"}}}';
    expect(parseServerConfig(text, { resolveCwd: (cwd) => `/base/${cwd}` }).servers[0]!.target).toMatchObject(
      {
        cwd: '/base/rel',
      },
    );
  });

  it('reports a bad file instead of throwing', () => {
    for (const text of [
      'not json',
      'null',
      '[]',
      '42',
      '"x"',
      '{}',
      '{"mcpServers":[]}',
      '{"servers":"x"}',
    ]) {
      const parsed = parseServerConfig(text);
      expect(parsed.servers).toEqual([]);
      expect(parsed.problems).toHaveLength(1);
      expect(parsed.problems[0]!.name).toBeUndefined();
    }
  });

  it('reports each unusable entry and keeps the good ones', () => {
    const text = JSON.stringify({
      mcpServers: {
        ok: { command: 'node' },
        empty: {},
        notObject: 'npx foo',
        list: [],
        badUrl: { url: 'not a url' },
        ftp: { url: 'ftp://h/x' },
        numUrl: { url: 5 },
        numCommand: { command: 5 },
        blankCommand: { command: '  ' },
        argsString: { command: 'c', args: 'a b' },
        argsObject: { command: 'c', args: [{}] },
        stdioNoCommand: { type: 'stdio', url: 'http://h' },
      },
    });
    const parsed = parseServerConfig(text);
    expect(parsed.servers.map((s) => s.name)).toEqual(['ok']);
    expect(parsed.problems.map((p) => p.name)).toEqual([
      'empty',
      'notObject',
      'list',
      'badUrl',
      'ftp',
      'numUrl',
      'numCommand',
      'blankCommand',
      'argsString',
      'argsObject',
      'stdioNoCommand',
    ]);
    expect(parsed.problems.map((p) => p.message)).toEqual([
      'mcpServers.empty: neither "command" nor "url" is set',
      'mcpServers.notObject: expected an object',
      'mcpServers.list: expected an object',
      'mcpServers.badUrl.url: Not a valid URL: not a url',
      'mcpServers.ftp.url: Only http(s) URLs are supported, not ftp:',
      'mcpServers.numUrl.url: expected a string, got 5',
      'mcpServers.numCommand.command: expected a string, got 5',
      'mcpServers.blankCommand.command: expected a command, got a blank string',
      'mcpServers.argsString.args: expected a list, got "a b"',
      'mcpServers.argsObject.args[0]: expected a string',
      'mcpServers.stdioNoCommand: neither "command" nor "url" is set',
    ]);
  });

  it('names the path in the file, as VS Code and Cursor write it', () => {
    const vscode = '{"mcp":{"servers":{"my server":{"command":"c","args":["a","b",{}]}}}}';
    expect(parseServerConfig(vscode).problems).toEqual([
      { name: 'my server', message: 'mcp.servers["my server"].args[2]: expected a string' },
    ]);
    const cursor = '{"mcpServers":{"r":{"serverUrl":["x"]}}}';
    expect(parseServerConfig(cursor).problems[0]!.message).toBe(
      'mcpServers.r.serverUrl: expected a string, got ["x"]',
    );
  });

  it('keeps reading entries with fields it does not know', () => {
    const text = '{"mcpServers":{"s":{"command":"c","disabled":false,"autoApprove":["x"]}}}';
    expect(parseServerConfig(text).servers).toHaveLength(1);
  });

  it('drops non-string env and header values and stringifies scalar args', () => {
    const text = '{"mcpServers":{"s":{"command":"c","args":[1,true],"env":{"A":1,"B":"b"}}}}';
    expect(parseServerConfig(text).servers[0]!.target).toEqual({
      transport: 'stdio',
      command: 'c',
      args: ['1', 'true'],
      env: { B: 'b' },
    });
  });

  it('does not let a "__proto__" entry reach a prototype', () => {
    const parsed = parseServerConfig('{"mcpServers":{"__proto__":{"command":"c","env":{"__proto__":"x"}}}}');
    expect(parsed.servers[0]!.name).toBe('__proto__');
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });

  it('refuses huge input and caps the number of entries', () => {
    expect(parseServerConfig(' '.repeat(MAX_CONFIG_CHARS + 1)).problems[0]!.message).toMatch(/too large/);
    const many = Object.fromEntries(
      Array.from({ length: MAX_CONFIG_SERVERS + 5 }, (_, i) => [`s${i}`, { command: 'c' }]),
    );
    const parsed = parseServerConfig(JSON.stringify({ mcpServers: many }));
    expect(parsed.servers).toHaveLength(MAX_CONFIG_SERVERS);
    expect(parsed.problems).toEqual([{ message: expect.stringMatching(/first 500 of 505/) }]);
  });
});

describe('the era key', () => {
  it('round-trips on stdio and url entries, and reports a bad value at its path', () => {
    const withEras: NamedTarget[] = [
      { name: 'a', target: { ...servers[0]!.target, era: 'modern' } },
      { name: 'b', target: { ...servers[1]!.target, era: 'legacy' } },
    ];
    for (const format of ['claude', 'cursor', 'vscode'] as const) {
      const text = writeServerConfig(withEras, format, { includeSecrets: true });
      expect(parseServerConfig(text)).toEqual({ servers: withEras, problems: [] });
    }
    const bad = parseServerConfig(JSON.stringify({ mcpServers: { x: { command: 'node', era: 'future' } } }));
    expect(bad.servers).toEqual([]);
    expect(JSON.stringify(bad.problems[0])).toMatch(/era.*auto, legacy, modern.*future/);
  });
});

describe('writeServerConfig', () => {
  it.each<ConfigFormat>(['claude', 'cursor', 'vscode'])('round-trips %s with secrets', (format) => {
    const text = writeServerConfig(servers, format, { includeSecrets: true });
    expect(parseServerConfig(text)).toEqual({ servers, problems: [] });
  });

  it('leaves out secret values by default but keeps their names', () => {
    for (const format of ['claude', 'cursor', 'vscode'] as const) {
      const text = writeServerConfig(servers, format);
      expect(text).not.toContain('sk-secret');
      expect(text).not.toContain('t0k');
      const parsed = parseServerConfig(text);
      expect(parsed.servers[0]!.target).toMatchObject({ env: { API_KEY: '' } });
      expect(parsed.servers[1]!.target).toMatchObject({ headers: { Authorization: '' } });
    }
  });

  it('writes the shape each client expects', () => {
    const vscode = JSON.parse(writeServerConfig(servers, 'vscode')) as { servers: Record<string, unknown> };
    expect(vscode.servers.remote).toEqual({
      type: 'http',
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: '' },
    });
    expect(vscode.servers.files).toMatchObject({ type: 'stdio', command: 'npx', cwd: '/work' });
    const claude = JSON.parse(writeServerConfig(servers, 'claude')) as {
      mcpServers: Record<string, unknown>;
    };
    expect(claude.mcpServers.remote).toEqual({
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: '' },
    });
    expect(claude.mcpServers.legacy).toEqual({ type: 'sse', url: 'http://127.0.0.1:3001/sse' });
    expect(writeServerConfig([], 'cursor')).toBe('{\n  "mcpServers": {}\n}\n');
  });
});
