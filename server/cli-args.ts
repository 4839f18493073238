import { MAX_RETENTION_DAYS } from '#shared/recordings.ts';
import { ERA_CHOICES, parseEra, type ProtocolEraChoice } from '#shared/targets.ts';
import { ArgvReader } from './argv-reader.ts';
import { isPostgresUrl } from './recordings/open-recording-store.ts';

/** The command line of `toolscope` (DESIGN.md §2), parsed without side effects. */
export interface CliOptions {
  port: number;
  /** Port of the MCP Apps sandbox proxy (another origin than the page); absent: a free port. */
  sandboxPort?: number;
  host: string;
  open: boolean;
  token?: string;
  /** stdio command and its arguments, after `--`. */
  command?: string[];
  url?: string;
  transport?: 'http' | 'sse';
  headers: Record<string, string>;
  config?: string;
  server?: string;
  /** The protocol era to speak with the target (default: the config entry's, else auto). */
  era?: ProtocolEraChoice;
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
  --era <e>         protocol era: auto (probe with server/discover, else the 2025
                    handshake; the default), legacy (2025-11-25 and earlier), modern (2026-07-28)
  --port <n>        port to listen on (0 = a free port; default 6277)
  --sandbox-port <n>  port of the MCP Apps sandbox (Views run on this second origin;
                    default: a free port), e.g. to allow it through a firewall
  --host <addr>     address to bind (default 127.0.0.1)
  --no-open         do not open a browser
  --token <t>       access token (else $TOOLSCOPE_TOKEN, else random)
  --allow-host <h>  also answer to this Host name, e.g. a name teammates use (repeatable)
  --data-dir <dir>  where recordings are kept (else $TOOLSCOPE_DATA_DIR,
                    else ~/.local/share/toolscope or the platform's equivalent)
  --database-url <url>  keep recordings in PostgreSQL (postgres://user:pass@host/db; else
                    $TOOLSCOPE_DATABASE_URL, else SQLite in the data folder): several
                    bridges on one database share recordings, links and live viewers
  --retention-days <n>  delete ended recordings after n days (0 = keep; default 30)
  --no-record       record nothing (no share links)
  --version         print the version
  -h, --help        show this help`;

/** Default port; chosen to sit beside, not on, the MCP Inspector's 6274. */
export const DEFAULT_PORT = 6277;

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
  const args = new ArgvReader(argv);
  const value = (flag: string): string => args.value(flag);
  for (let arg = args.next(); arg !== undefined; arg = args.next()) {
    switch (arg) {
      case '--':
        options.command = args.remaining();
        if (!options.command.length) throw new Error('Expected a command after --');
        break;
      case '--sandbox-port':
        options.sandboxPort = args.port(arg);
        break;
      case '--port':
        options.port = args.port(arg);
        break;
      case '--host':
        options.host = value(arg);
        break;
      case '--no-open':
        options.open = false;
        break;
      case '--open':
        options.open = true;
        break;
      case '--token':
        options.token = value(arg);
        break;
      case '--url':
        options.url = value(arg);
        break;
      case '--transport': {
        const transport = value(arg);
        if (transport !== 'http' && transport !== 'sse') throw new Error('--transport must be http or sse');
        options.transport = transport;
        break;
      }
      case '--header': {
        const header = value(arg);
        const colon = header.indexOf(':');
        if (colon <= 0)
          throw new Error(`--header must look like "Name: value", got ${JSON.stringify(header)}`);
        options.headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
        break;
      }
      case '--config':
        options.config = value(arg);
        break;
      case '--era': {
        const era = parseEra(value(arg));
        if (!era) throw new Error(`--era must be one of ${ERA_CHOICES.join(', ')}`);
        options.era = era;
        break;
      }
      case '--server':
        options.server = value(arg);
        break;
      case '--allow-host':
        options.allowHosts.push(value(arg).toLowerCase());
        break;
      case '--data-dir':
        options.dataDir = value(arg);
        break;
      case '--database-url': {
        const url = value(arg);
        if (!isPostgresUrl(url))
          throw new Error('--database-url must start with postgres:// or postgresql://');
        options.databaseUrl = url;
        break;
      }
      case '--retention-days': {
        const days = Number(value(arg));
        if (!Number.isInteger(days) || days < 0 || days > MAX_RETENTION_DAYS)
          throw new Error(`--retention-days must be a whole number from 0 to ${MAX_RETENTION_DAYS}`);
        options.retentionDays = days;
        break;
      }
      case '--no-record':
        options.record = false;
        break;
      case '-h':
      case '--help':
        options.help = true;
        break;
      case '--version':
        options.version = true;
        break;
      default:
        throw new Error(`Unknown option ${arg}\n\n${USAGE}`);
    }
  }
  const targets = [options.command, options.url, options.config].filter((t) => t !== undefined).length;
  if (targets > 1) throw new Error('Give one target: a command after --, --url, or --config');
  if (options.server && !options.config) throw new Error('--server needs --config');
  if (options.transport && !options.url) throw new Error('--transport needs --url');
  if (options.databaseUrl && !isPostgresUrl(options.databaseUrl))
    throw new Error('TOOLSCOPE_DATABASE_URL must start with postgres:// or postgresql://');
  return options;
}
