import * as z from 'zod';
import {
  ERA_CHOICES,
  parseEra,
  usableTargetSchema,
  type ProtocolEraChoice,
  type ServerTarget,
} from './targets.ts';
import { formatPath, isRecord, parseJsonText, parseUntrusted, type Parsed } from './untrusted-json.ts';

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
  const json = parseJsonText(text);
  if (!json.ok) return fileProblem(`Not valid JSON: ${json.error}`);
  return parseServerConfigJson(json.value, options);
}

/** Like {@link parseServerConfig} for an already parsed JSON value. */
export function parseServerConfigJson(json: unknown, options: ParseOptions = {}): ParsedConfig {
  const found = serversRecord(json);
  if (!found) return fileProblem('No "mcpServers", "servers" or "mcp.servers" object found.');
  const result: ParsedConfig = { servers: [], problems: [] };
  // By hand, not with a zod record: a server may be called "__proto__", which zod would drop.
  const entries = Object.entries(found.servers);
  for (const [name, entry] of entries.slice(0, MAX_CONFIG_SERVERS)) {
    const read = readEntry(entry, [...found.path, name], options);
    if (read.ok) result.servers.push({ name, target: read.value });
    else result.problems.push({ name, message: read.error });
  }
  if (entries.length > MAX_CONFIG_SERVERS)
    result.problems.push({
      message: `Only the first ${MAX_CONFIG_SERVERS} of ${entries.length} servers were read.`,
    });
  return result;
}

function fileProblem(message: string): ParsedConfig {
  return { servers: [], problems: [{ message }] };
}

/** The object of servers and where it is: Claude Desktop and Cursor, VS Code mcp.json, VS Code settings. */
function serversRecord(json: unknown): { servers: Record<string, unknown>; path: string[] } | undefined {
  if (!isRecord(json)) return undefined;
  const mcp = isRecord(json.mcp) ? json.mcp : undefined;
  const [servers, path] =
    json.mcpServers !== undefined && json.mcpServers !== null
      ? [json.mcpServers, ['mcpServers']]
      : json.servers !== undefined && json.servers !== null
        ? [json.servers, ['servers']]
        : [mcp?.servers, ['mcp', 'servers']];
  return isRecord(servers) ? { servers, path } : undefined;
}

/** Keeps the string values of an object; other values are not something we could send. */
const stringValues = z.unknown().transform((value): Record<string, string> => {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
  );
});

/** A stdio entry. Numbers and booleans in `args` are read as text, as other clients do. */
const stdioEntry = z.looseObject({
  command: z.string().refine((command) => command.trim() !== '', 'expected a command, got a blank string'),
  args: z
    .array(z.union([z.string(), z.number(), z.boolean()], { error: 'expected a string' }).transform(String))
    .optional(),
  env: stringValues.optional(),
  cwd: z.unknown().optional(),
});

/** Returns the target, or what is wrong with the entry at `path`. */
function readEntry(entry: unknown, path: string[], options: ParseOptions): Parsed<ServerTarget> {
  if (!isRecord(entry)) return { ok: false, error: `${formatPath(path)}: expected an object` };
  const type =
    typeof entry.type === 'string' ? entry.type : typeof entry.transport === 'string' ? entry.transport : '';
  // Cursor writes `serverUrl`; a `type: "sse"` entry uses the legacy transport.
  const urlKey = entry.url !== undefined && entry.url !== null ? 'url' : 'serverUrl';
  if (entry[urlKey] !== undefined && type !== 'stdio') {
    const url = parseUntrusted(z.string(), entry[urlKey], [...path, urlKey]);
    if (!url.ok) return url;
    const headers = stringValues.parse(entry.headers ?? {});
    const era = readEra(entry, path);
    if (!era.ok) return era;
    return checkUsable(
      {
        transport: type === 'sse' ? 'sse' : 'http',
        url: url.value.trim(),
        headers,
        ...(era.value ? { era: era.value } : {}),
      },
      path,
    );
  }
  if (entry.command === undefined)
    return { ok: false, error: `${formatPath(path)}: neither "command" nor "url" is set` };
  const read = parseUntrusted(stdioEntry, entry, path);
  if (!read.ok) return read;
  const cwd = typeof read.value.cwd === 'string' && read.value.cwd.trim() ? read.value.cwd.trim() : undefined;
  const era = readEra(entry, path);
  if (!era.ok) return era;
  const target: ServerTarget = {
    transport: 'stdio',
    command: read.value.command,
    args: read.value.args ?? [],
    env: read.value.env ?? {},
    ...(cwd ? { cwd: options.resolveCwd ? options.resolveCwd(cwd) : cwd } : {}),
    ...(era.value ? { era: era.value } : {}),
  };
  return checkUsable(target, path);
}

/** The entry's Toolscope-only `era` key (auto, legacy, modern); other clients ignore it. */
function readEra(entry: Record<string, unknown>, path: string[]): Parsed<ProtocolEraChoice | undefined> {
  if (entry.era === undefined) return { ok: true, value: undefined };
  const era = typeof entry.era === 'string' ? parseEra(entry.era) : undefined;
  if (era) return { ok: true, value: era };
  return {
    ok: false,
    error: `${formatPath([...path, 'era'])}: expected one of ${ERA_CHOICES.join(', ')}, got ${JSON.stringify(entry.era)}`,
  };
}

function checkUsable(target: ServerTarget, path: string[]): Parsed<ServerTarget> {
  const read = parseUntrusted(usableTargetSchema, target, path);
  return read.ok ? { ok: true, value: target } : read;
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
      ...(target.era ? { era: target.era } : {}),
    };
  }
  const headers = values(target.headers, keep);
  // Claude Desktop and Cursor guess HTTP from a bare url; only SSE needs saying so.
  const type = format === 'vscode' ? target.transport : target.transport === 'sse' ? 'sse' : undefined;
  return {
    ...(type ? { type } : {}),
    url: target.url,
    ...(headers ? { headers } : {}),
    ...(target.era ? { era: target.era } : {}),
  };
}
