import type { ServerTarget } from '#shared/targets.ts';
import { loadServerFromConfig } from '../../server/config-file.ts';
import { parseCliArgs, type CliOptions } from '../../server/cli-args.ts';
import type { Flag } from '../../server/flag-table.ts';

/** The target of a headless command, as the main command line reads it. */
export type TargetOptions = Pick<
  CliOptions,
  'command' | 'url' | 'transport' | 'headers' | 'config' | 'server' | 'era'
>;

/** Options that collect the target's words, read afterwards by the main command line's parser. */
export interface TargetWords {
  targetWords: string[];
}

/**
 * The target options every headless command takes (`--url`, `--header`… and `-- <command>`), as flags
 * that keep their words for {@link readTarget}: the main command line stays the one reader of a target.
 */
export function targetFlags<T extends TargetWords>(): Flag<T>[] {
  const keep =
    (name: string) =>
    (options: T, value: string): void => {
      options.targetWords.push(name, value);
    };
  return [
    {
      name: '--url',
      value: '<url>',
      help: 'an http(s) server (else a command after --)',
      apply: keep('--url'),
    },
    {
      name: '--transport',
      value: 'http|sse',
      help: 'the URL speaks Streamable HTTP (default) or SSE',
      apply: keep('--transport'),
    },
    {
      name: '--header',
      value: '"Name: value"',
      help: 'an HTTP header for the server (repeatable)',
      apply: keep('--header'),
    },
    {
      name: '--config',
      value: '<mcp.json>',
      help: 'read the server from a Claude Desktop or VS Code config file',
      apply: keep('--config'),
    },
    { name: '--server', value: '<name>', help: 'which server of --config', apply: keep('--server') },
    {
      name: '--era',
      value: '<e>',
      help: 'auto (default), legacy (2025-11-25 and earlier) or modern (2026-07-28)',
      apply: keep('--era'),
    },
  ];
}

/** The target the words name (the stdio command after `--` included); throws when there is none or it is malformed. */
export function readTarget(words: readonly string[], rest: readonly string[] | undefined): TargetOptions {
  const parsed = parseCliArgs([...words, ...(rest ? ['--', ...rest] : [])]);
  const { command, url, transport, headers, config, server, era } = parsed;
  if (!command && !url && !config) throw new Error('Give a target: a command after --, --url, or --config');
  return { command, url, transport, headers, config, server, era };
}

/** The target as the session connects to it (a config file's entry read now). */
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
