import { MAX_RETENTION_DAYS } from '#shared/recordings.ts';
import { portNumber } from './argv-reader.ts';
import { flagHelp, parseFlags, type Flag } from './flag-table.ts';
import { isPostgresUrl } from './recordings/open-recording-store.ts';
import { checkTarget, takeCommand, TARGET_FLAGS, type TargetOptions } from './target-flags.ts';

/** The command line of `toolscope` (DESIGN.md §2), parsed without side effects. */
export interface CliOptions extends TargetOptions {
  port: number;
  /** Port of the MCP Apps sandbox proxy (another origin than the page); absent: a free port. */
  sandboxPort?: number;
  host: string;
  open: boolean;
  token?: string;
  /** Folder of the recordings file (else $TOOLSCOPE_DATA_DIR, else the user's data folder). */
  dataDir?: string;
  /** PostgreSQL database for the recordings, shared by several bridges (else $TOOLSCOPE_DATABASE_URL, else SQLite). */
  databaseUrl?: string;
  /** Record every connection (on unless --no-record). */
  record: boolean;
  /** Days to keep ended recordings; replaces the stored setting when given. */
  retentionDays?: number;
  /** More Host names the bridge answers to. */
  allowHosts: string[];
  help: boolean;
  /** `--version`: print the version and exit. */
  version: boolean;
}

/** Default port; chosen to sit beside, not on, the MCP Inspector's 6274. */
export const DEFAULT_PORT = 6277;

const BRIDGE_FLAGS: Flag<CliOptions>[] = [
  {
    name: '--port',
    value: '<n>',
    help: `port to listen on (0 = a free port; default ${DEFAULT_PORT})`,
    apply: (o, v) => void (o.port = portNumber('--port', v)),
  },
  {
    name: '--sandbox-port',
    value: '<n>',
    help: 'port of the MCP Apps sandbox (Views run on this second origin; default: a free port), e.g. to allow it through a firewall',
    apply: (o, v) => void (o.sandboxPort = portNumber('--sandbox-port', v)),
  },
  {
    name: '--host',
    value: '<addr>',
    help: 'address to bind (default 127.0.0.1)',
    apply: (o, v) => void (o.host = v),
  },
  { name: '--no-open', help: 'do not open a browser', apply: (o) => void (o.open = false) },
  { name: '--open', help: 'open a browser (the default)', apply: (o) => void (o.open = true) },
  {
    name: '--token',
    value: '<t>',
    help: 'access token (else $TOOLSCOPE_TOKEN, else random)',
    apply: (o, v) => void (o.token = v),
  },
  {
    name: '--allow-host',
    value: '<h>',
    help: 'also answer to this Host name, e.g. a name teammates use (repeatable)',
    apply: (o, v) => void o.allowHosts.push(v.toLowerCase()),
  },
  {
    name: '--data-dir',
    value: '<dir>',
    help: "where recordings are kept (else $TOOLSCOPE_DATA_DIR, else ~/.local/share/toolscope or the platform's equivalent)",
    apply: (o, v) => void (o.dataDir = v),
  },
  {
    name: '--database-url',
    value: '<url>',
    help: 'keep recordings in PostgreSQL (postgres://user:pass@host/db; else $TOOLSCOPE_DATABASE_URL, else SQLite in the data folder): several bridges on one database share recordings, links and live viewers',
    apply: (o, v) => {
      if (!isPostgresUrl(v)) throw new Error('--database-url must start with postgres:// or postgresql://');
      o.databaseUrl = v;
    },
  },
  {
    name: '--retention-days',
    value: '<n>',
    help: 'delete ended recordings after n days (0 = keep; default 30)',
    apply: (o, v) => {
      const days = Number(v);
      if (!Number.isInteger(days) || days < 0 || days > MAX_RETENTION_DAYS)
        throw new Error(`--retention-days must be a whole number from 0 to ${MAX_RETENTION_DAYS}`);
      o.retentionDays = days;
    },
  },
  { name: '--no-record', help: 'record nothing (no share links)', apply: (o) => void (o.record = false) },
  { name: '--version', help: 'print the version', apply: (o) => void (o.version = true) },
  { name: '--help', aliases: ['-h'], help: 'show this help', apply: (o) => void (o.help = true) },
];

export const USAGE = `Usage:
  toolscope [options] [-- <command> [args...]]      inspect a stdio server
  toolscope [options] --url <http(s)://…/mcp> [--transport http|sse] [--header "Name: value"]...
  toolscope [options] --config <mcp.json> --server <name>
  toolscope check [target options] [--json] [--junit <file>] [--all]
                    check a server against the spec, no browser (toolscope check --help)
  toolscope load --tool <name> [target options]   call one tool under load (toolscope load --help)
  toolscope eval <suite> [target options]         ask a model to use the tools (toolscope eval --help)
  toolscope serve --config <team.json> [--port <n>]  run it for a team (see docs/hosting.md)
  toolscope store backup <file> | copy --to <store>  back up or move the recordings (toolscope store --help)
With no target, Toolscope opens its built-in demo server.

Options:
${flagHelp(BRIDGE_FLAGS)}
Target options:
${flagHelp(TARGET_FLAGS)}`;

/** Parses argv (without node and the script); throws an Error with a readable message on bad input. */
export function parseCliArgs(argv: string[], env: Record<string, string | undefined> = {}): CliOptions {
  const options: CliOptions = {
    port: DEFAULT_PORT,
    host: '127.0.0.1',
    open: true,
    headers: {},
    record: true,
    allowHosts: [],
    help: false,
    version: false,
  };
  const token = env.TOOLSCOPE_TOKEN;
  if (token) options.token = token;
  if (env.TOOLSCOPE_DATABASE_URL) options.databaseUrl = env.TOOLSCOPE_DATABASE_URL;
  parseFlags(argv, [...BRIDGE_FLAGS, ...TARGET_FLAGS], options, {
    rest: (words) => takeCommand(options, words),
    option: (flag) => {
      throw new Error(`Unknown option ${flag}\n\n${USAGE}`);
    },
  });
  checkTarget(options);
  if (options.databaseUrl && !isPostgresUrl(options.databaseUrl))
    throw new Error('TOOLSCOPE_DATABASE_URL must start with postgres:// or postgresql://');
  return options;
}
