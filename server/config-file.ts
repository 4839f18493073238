import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerTarget } from '../shared/targets.ts';

/**
 * Reads a server from an MCP config file: Claude Desktop / Cursor (`mcpServers`) or VS Code (`servers`).
 * With one server in the file, `name` may be omitted.
 */
export async function loadServerFromConfig(file: string, name: string | undefined): Promise<ServerTarget> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read config ${file}: ${(error as Error).message}`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Config ${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const servers = serversOf(json);
  if (!servers) throw new Error(`Config ${file} has no "mcpServers" or "servers" object`);
  const names = Object.keys(servers);
  const chosen = name ?? (names.length === 1 ? names[0] : undefined);
  if (!chosen)
    throw new Error(`Config ${file} has several servers; pick one with --server (${names.join(', ')})`);
  const entry = servers[chosen];
  if (!entry) throw new Error(`No server "${chosen}" in ${file}; it has: ${names.join(', ') || 'none'}`);
  return entryToTarget(entry, chosen, path.dirname(path.resolve(file)));
}

function serversOf(json: unknown): Record<string, unknown> | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  const servers =
    record.mcpServers ?? record.servers ?? (record.mcp as Record<string, unknown> | undefined)?.servers;
  return typeof servers === 'object' && servers !== null ? (servers as Record<string, unknown>) : undefined;
}

/** Converts one config entry to a target; `baseDir` resolves a relative `cwd`. */
export function entryToTarget(entry: unknown, name: string, baseDir: string): ServerTarget {
  if (typeof entry !== 'object' || entry === null) throw new Error(`Server "${name}" is not an object`);
  const e = entry as Record<string, unknown>;
  const strings = (value: unknown): Record<string, string> | undefined =>
    typeof value === 'object' && value !== null
      ? Object.fromEntries(
          Object.entries(value).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
        )
      : undefined;
  if (typeof e.url === 'string' || typeof e.serverUrl === 'string') {
    const type = String(e.type ?? e.transport ?? '');
    return {
      transport: type === 'sse' ? 'sse' : 'http',
      url: String(e.url ?? e.serverUrl),
      headers: strings(e.headers) ?? {},
    };
  }
  if (typeof e.command !== 'string') throw new Error(`Server "${name}" has neither "command" nor "url"`);
  return {
    transport: 'stdio',
    command: e.command,
    args: Array.isArray(e.args) ? e.args.map(String) : [],
    env: strings(e.env) ?? {},
    ...(typeof e.cwd === 'string' ? { cwd: path.resolve(baseDir, e.cwd) } : {}),
  };
}
