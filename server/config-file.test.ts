import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerFromConfig } from './config-file.ts';

async function configFile(content: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'toolscope-config-'));
  const file = path.join(dir, 'mcp.json');
  await writeFile(file, content);
  return file;
}

describe('loadServerFromConfig', () => {
  it('reads the only server and resolves cwd against the file folder', async () => {
    const file = await configFile('{"mcpServers":{"a":{"command":"node","args":["x.js"],"cwd":"sub"}}}');
    expect(await loadServerFromConfig(file, undefined)).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['x.js'],
      env: {},
      cwd: path.join(path.dirname(file), 'sub'),
    });
  });

  it('picks a named VS Code server', async () => {
    const file = await configFile(
      '{"servers":{"a":{"command":"x"},"b":{"type":"sse","url":"https://h/sse","headers":{"K":"v"}}}}',
    );
    expect(await loadServerFromConfig(file, 'b')).toEqual({
      transport: 'sse',
      url: 'https://h/sse',
      headers: { K: 'v' },
    });
  });

  it('explains what is wrong', async () => {
    await expect(loadServerFromConfig(await configFile('nope'), undefined)).rejects.toThrow(/not valid JSON/);
    await expect(loadServerFromConfig(await configFile('{}'), undefined)).rejects.toThrow(/mcpServers/);
    const two = await configFile('{"mcpServers":{"a":{"command":"x"},"b":{}}}');
    await expect(loadServerFromConfig(two, undefined)).rejects.toThrow(/several servers.*a, b/);
    await expect(loadServerFromConfig(two, 'b')).rejects.toThrow(/b: neither "command" nor "url"/);
    await expect(loadServerFromConfig(two, 'c')).rejects.toThrow(/No server "c"/);
    await expect(loadServerFromConfig('/no/such/file.json', undefined)).rejects.toThrow(/Cannot read/);
  });
});
