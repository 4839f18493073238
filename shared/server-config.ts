import { validateTarget, type ServerTarget } from './targets.ts';

/**
 * Reads and writes the MCP server config files other clients keep: Claude Desktop and Cursor
 * (`{"mcpServers": {...}}`) and VS Code (`{"servers": {...}}` in mcp.json, or `{"mcp": {"servers":
 * {...}}}` in settings.json). Pure, no Node imports: the CLI and the browser share it.
 */

/** The three file formats we read and write. */
export type ConfigFormat = 'claude' | 'cursor' | 'vscode';

/** Labels for the export buttons and menus. */
export const CONFIG_FORMAT_LABELS: Record<ConfigFormat, string> = {
  claude: 'Claude Desktop',
  cursor: 'Cursor',
  vscode: 'VS Code',
};

/** A server from a config file, under its key in that file. */
export interface NamedTarget {
  name: string;
  target: ServerTarget;
}

/** Something wrong with the file or one entry; an entry with a problem is left out. */
export interface ConfigProblem {
  /** The entry's name, or undefined when the whole file is at fault. */
  name?: string;
  message: string;
}

/** What a config file holds: the usable servers, and why the others were left out. */
export interface ParsedConfig {
  servers: NamedTarget[];
  problems: ConfigProblem[];
}

export interface ParseOptions {
  /** Maps an entry's `cwd` (the CLI resolves it against the file's folder); default keeps it. */
  resolveCwd?: (cwd: string) => string;
}

/** Larger pastes are refused before JSON.parse: no real config is near this, and the tab must stay alive. */
export const MAX_CONFIG_CHARS = 1_000_000;
/** More entries than this are reported, not imported, so a hostile file cannot flood the list. */
export const MAX_CONFIG_SERVERS = 500;

/** Parses config file text; never throws, problems are returned instead. */
export function parseServerConfig(text: string, options: ParseOptions = {}): ParsedConfig {
  if (text.length > MAX_CONFIG_CHARS)
    return fileProblem(`The file is too large (${text.length} characters; at most ${MAX_CONFIG_CHARS}).`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fileProblem(`Not valid JSON: ${(error as Error).message}`);
  }
  return parseServerConfigJson(json, options);
}

/** Like {@link parseServerConfig} for an already parsed JSON value. */
export function parseServerConfigJson(json: unknown, options: ParseOptions = {}): ParsedConfig {
  const servers = serversRecord(json);
  if (!servers) return fileProblem('No "mcpServers", "servers" or "mcp.servers" object found.');
  const result: ParsedConfig = { servers: [], problems: [] };
  const entries = Object.entries(servers);
  for (const [name, entry] of entries.slice(0, MAX_CONFIG_SERVERS)) {
    const read = readEntry(entry, options);
    if (typeof read === 'string') result.problems.push({ name, message: read });
    else result.servers.push({ name, target: read });
  }
  if (entries.length > MAX_CONFIG_SERVERS)
    result.problems.push({
      message: `Only the first ${MAX_CONFIG_SERVERS} of ${entries.length} servers were read.`,
    });
  return result;
}

/** Converts one entry to a target; throws with a readable message when it cannot be used. */
export function entryToServerTarget(entry: unknown, name: string, options: ParseOptions = {}): ServerTarget {
  const read = readEntry(entry, options);
  if (typeof read === 'string') throw new Error(`Server "${name}": ${read}`);
  return read;
}

function fileProblem(message: string): ParsedConfig {
  return { servers: [], problems: [{ message }] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function serversRecord(json: unknown): Record<string, unknown> | undefined {
  if (!isRecord(json)) return undefined;
  const mcp = isRecord(json.mcp) ? json.mcp : undefined;
  const servers = json.mcpServers ?? json.servers ?? mcp?.servers;
  return isRecord(servers) ? servers : undefined;
}

/** Keeps the string values of a record; other values are not something we could send. */
function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
  );
}

/** Returns the target, or the reason the entry cannot be used. */
function readEntry(entry: unknown, options: ParseOptions): ServerTarget | string {
  if (!isRecord(entry)) return 'The entry is not an object.';
  const type =
    typeof entry.type === 'string' ? entry.type : typeof entry.transport === 'string' ? entry.transport : '';
  const url = entry.url ?? entry.serverUrl;
  if (url !== undefined && type !== 'stdio') {
    if (typeof url !== 'string') return '"url" is not a string.';
    const target: ServerTarget = {
      transport: type === 'sse' ? 'sse' : 'http',
      url: url.trim(),
      headers: stringRecord(entry.headers),
    };
    return validateTarget(target) ?? target;
  }
  if (entry.command === undefined) return `Neither "command" nor "url" is set.`;
  if (typeof entry.command !== 'string' || !entry.command.trim())
    return '"command" is not a non-empty string.';
  if (entry.args !== undefined && !Array.isArray(entry.args)) return '"args" is not an array.';
  const args = (entry.args ?? []) as unknown[];
  if (args.some((a) => typeof a === 'object' && a !== null)) return '"args" holds something other than text.';
  const cwd = typeof entry.cwd === 'string' && entry.cwd.trim() ? entry.cwd.trim() : undefined;
  return {
    transport: 'stdio',
    command: entry.command,
    args: args.map(String),
    env: stringRecord(entry.env),
    ...(cwd ? { cwd: options.resolveCwd ? options.resolveCwd(cwd) : cwd } : {}),
  };
}

export interface WriteOptions {
  /** Keep env and header values; by default only their names are written, with "" values. */
  includeSecrets?: boolean;
}

/** Writes servers as a config file of the given format (pretty JSON with a final newline). */
export function writeServerConfig(
  servers: readonly NamedTarget[],
  format: ConfigFormat,
  options: WriteOptions = {},
): string {
  // fromEntries defines own properties, so a server named "__proto__" cannot touch a prototype.
  const entries = Object.fromEntries(
    servers.map(({ name, target }) => [name, writeEntry(target, format, options)]),
  );
  const file = format === 'vscode' ? { servers: entries } : { mcpServers: entries };
  return `${JSON.stringify(file, null, 2)}\n`;
}

function values(
  record: Record<string, string> | undefined,
  keep: boolean,
): Record<string, string> | undefined {
  if (!record || Object.keys(record).length === 0) return undefined;
  return keep ? { ...record } : Object.fromEntries(Object.keys(record).map((key) => [key, '']));
}

function writeEntry(
  target: ServerTarget,
  format: ConfigFormat,
  options: WriteOptions,
): Record<string, unknown> {
  const keep = options.includeSecrets === true;
  if (target.transport === 'stdio') {
    const env = values(target.env, keep);
    return {
      ...(format === 'vscode' ? { type: 'stdio' } : {}),
      command: target.command,
      args: [...target.args],
      ...(env ? { env } : {}),
      ...(target.cwd ? { cwd: target.cwd } : {}),
    };
  }
  const headers = values(target.headers, keep);
  // Claude Desktop and Cursor guess HTTP from a bare url; only SSE needs saying so.
  const type = format === 'vscode' ? target.transport : target.transport === 'sse' ? 'sse' : undefined;
  return { ...(type ? { type } : {}), url: target.url, ...(headers ? { headers } : {}) };
}
