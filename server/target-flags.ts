import { ERA_CHOICES, parseEra, type ProtocolEraChoice, type ServerTarget } from '#shared/targets.ts';
import { loadServerFromConfig } from './config-file.ts';
import type { Flag } from './flag-table.ts';

/** The server a command line names: a stdio command, a URL, or a config file's entry. */
export interface TargetOptions {
  /** stdio command and its arguments, after `--`. */
  command?: string[];
  url?: string;
  transport?: 'http' | 'sse';
  headers: Record<string, string>;
  config?: string;
  server?: string;
  /** The protocol era to speak with the target (default: the config entry's, else auto). */
  era?: ProtocolEraChoice;
}

/**
 * The target options of every command line (the bridge, `check`, `load`, `eval`), read the same way
 * everywhere; `-- <command>` is each parser's rest, handed to {@link takeCommand}.
 */
export const TARGET_FLAGS: readonly Flag<TargetOptions>[] = [
  {
    name: '--url',
    value: '<url>',
    help: 'an http(s) server (else a command after --)',
    apply: (o, v) => void (o.url = v),
  },
  {
    name: '--transport',
    value: 'http|sse',
    help: 'the URL speaks Streamable HTTP (default) or SSE',
    apply: (o, v) => {
      if (v !== 'http' && v !== 'sse') throw new Error('--transport must be http or sse');
      o.transport = v;
    },
  },
  {
    name: '--header',
    value: '"Name: value"',
    help: 'an HTTP header for the server (repeatable)',
    apply: (o, v) => {
      const colon = v.indexOf(':');
      if (colon <= 0) throw new Error(`--header must look like "Name: value", got ${JSON.stringify(v)}`);
      o.headers[v.slice(0, colon).trim()] = v.slice(colon + 1).trim();
    },
  },
  {
    name: '--config',
    value: '<mcp.json>',
    help: 'read the server from a Claude Desktop or VS Code config file',
    apply: (o, v) => void (o.config = v),
  },
  {
    name: '--server',
    value: '<name>',
    help: 'which server of --config',
    apply: (o, v) => void (o.server = v),
  },
  {
    name: '--era',
    value: '<e>',
    help: 'protocol era: auto (probe with server/discover, else the 2025 handshake; the default), legacy (2025-11-25 and earlier), modern (2026-07-28)',
    apply: (o, v) => {
      const era = parseEra(v);
      if (!era) throw new Error(`--era must be one of ${ERA_CHOICES.join(', ')}`);
      o.era = era;
    },
  },
];

/** Takes the words after `--` as the stdio command; throws when there are none. */
export function takeCommand(target: TargetOptions, words: string[]): void {
  if (!words.length) throw new Error('Expected a command after --');
  target.command = words;
}

/** Throws when the target options contradict each other (two targets, --server without --config…). */
export function checkTarget(target: TargetOptions): void {
  const targets = [target.command, target.url, target.config].filter((t) => t !== undefined).length;
  if (targets > 1) throw new Error('Give one target: a command after --, --url, or --config');
  if (target.server && !target.config) throw new Error('--server needs --config');
  if (target.transport && !target.url) throw new Error('--transport needs --url');
}

/** Whether the options name a target at all (without one, the bridge opens its demo server). */
export function hasTarget(target: TargetOptions): boolean {
  return Boolean(target.command || target.url || target.config);
}

/** The target as a session connects to it (a config file's entry read now); throws on a bad config. */
export async function resolveTarget(target: TargetOptions): Promise<ServerTarget> {
  let resolved: ServerTarget;
  if (target.command) {
    const [command, ...args] = target.command;
    resolved = { transport: 'stdio', command: command!, args };
  } else if (target.url) {
    resolved = { transport: target.transport ?? 'http', url: target.url, headers: target.headers };
  } else resolved = await loadServerFromConfig(target.config!, target.server);
  return target.era ? { ...resolved, era: target.era } : resolved;
}
