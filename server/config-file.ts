import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerTarget } from '#shared/targets.ts';
import { parseServerConfig, MAX_CONFIG_CHARS } from '#shared/server-config.ts';

/**
 * Reads a server from an MCP config file: Claude Desktop / Cursor (`mcpServers`) or VS Code
 * (`servers`, or `mcp.servers` in settings.json). With one server in the file, `name` may be omitted.
 * The parsing is shared with the browser's import (shared/server-config.ts).
 */
export async function loadServerFromConfig(file: string, name: string | undefined): Promise<ServerTarget> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read config ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (text.length > MAX_CONFIG_CHARS) throw new Error(`Config ${file} is too large`);
  const baseDir = path.dirname(path.resolve(file));
  const parsed = parseServerConfig(text, { resolveCwd: (cwd) => path.resolve(baseDir, cwd) });
  const fileProblem = parsed.problems.find((p) => p.name === undefined);
  if (fileProblem && parsed.servers.length === 0 && parsed.problems.length === 1)
    throw new Error(`Config ${file}: ${fileProblem.message}`);
  const names = [...parsed.servers.map((s) => s.name), ...parsed.problems.flatMap((p) => p.name ?? [])];
  const chosen = name ?? (names.length === 1 ? names[0] : undefined);
  if (!chosen)
    throw new Error(`Config ${file} has several servers; pick one with --server (${names.join(', ')})`);
  const found = parsed.servers.find((s) => s.name === chosen);
  if (found) return found.target;
  const problem = parsed.problems.find((p) => p.name === chosen);
  if (problem) throw new Error(`Server "${chosen}" in ${file}: ${problem.message}`);
  throw new Error(`No server "${chosen}" in ${file}; it has: ${names.join(', ') || 'none'}`);
}
