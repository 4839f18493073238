import { readFileSync } from 'node:fs';
import path from 'node:path';
import { portNumber } from '../argv-reader.ts';
import { flagHelp, parseFlags, type Flag } from '../flag-table.ts';
import { PACKAGE_ROOT } from '../demo-target.ts';
import { dataDirectory, RECORDINGS_FILE, tightenDataFolder } from '../recordings/data-dir.ts';
import { newToken, tokenDigest } from './auth/token-directory.ts';
import { userNameSchema } from './config/config-schema.ts';
import { ConfigError, loadHostedConfig } from './config/load-config.ts';
import { startHostedBridge } from './hosted-bridge.ts';
import { removePidFile, signalReload, writePidFile } from './ops/pid-file.ts';

/** The `serve` command line, parsed without side effects. */
export interface ServeOptions {
  config?: string;
  port?: number;
  newTokenFor?: string;
  pidFile?: string;
  /** The pid file of a running serve to ask for a reload. */
  reload?: string;
  help: boolean;
}

const SERVE_FLAGS: Flag<ServeOptions>[] = [
  {
    name: '--config',
    value: '<file>',
    help: 'the hosted config (JSON, "version": 1)',
    apply: (o, v) => void (o.config = v),
  },
  {
    name: '--port',
    value: '<n>',
    help: 'port to listen on, instead of server.port (0 = a free port)',
    apply: (o, v) => void (o.port = portNumber('--port', v)),
  },
  {
    name: '--pid-file',
    value: '<file>',
    help: 'write the process id here (removed at exit), for --reload',
    apply: (o, v) => void (o.pidFile = v),
  },
  {
    name: '--reload',
    value: '<pid-file>',
    help: 'make the running serve of this pid file re-read its config (SIGHUP)',
    apply: (o, v) => void (o.reload = v),
  },
  {
    name: '--new-token',
    value: '<user>',
    help: 'make a personal access token and its config entry',
    apply: (o, v) => void (o.newTokenFor = v),
  },
  { name: '--help', aliases: ['-h'], help: 'show this help', apply: (o) => void (o.help = true) },
];

export const SERVE_USAGE = `Usage:
  toolscope serve --config <file> [--port <n>] [--pid-file <file>]
                                                 run Toolscope for a team (see docs/hosting.md)
  toolscope serve --reload <pid-file>            make a running serve re-read its config (SIGHUP)
  toolscope serve --new-token <user>             make a personal access token and its config entry

Options:
${flagHelp(SERVE_FLAGS)}
SIGHUP re-reads the config (tokens, catalog, limits, …) and reopens the audit file; it never stops
the service. SIGTERM and SIGINT stop it gracefully.`;

/** Parses the arguments after `serve`; throws with a readable message on bad input. */
export function parseServeArgs(argv: readonly string[]): ServeOptions {
  const options: ServeOptions = { help: false };
  parseFlags(argv, SERVE_FLAGS, options, {
    option: (flag) => {
      throw new Error(`Unknown option ${flag}\n\n${SERVE_USAGE}`);
    },
  });
  if (!options.help && !options.newTokenFor && !options.reload && !options.config)
    throw new Error(`--config is required\n\n${SERVE_USAGE}`);
  return options;
}

/**
 * Runs `toolscope serve`: prints the ready line, reloads its config on SIGHUP, stops gracefully on
 * SIGINT and SIGTERM. A start that fails prints one line and exits 2.
 */
export async function runServe(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): Promise<void> {
  let options: ServeOptions;
  try {
    options = parseServeArgs(argv);
  } catch (error) {
    return exit(`toolscope serve: ${(error as Error).message}`);
  }
  if (options.help) return void console.log(SERVE_USAGE);
  if (options.newTokenFor !== undefined) return printNewToken(options.newTokenFor);
  if (options.reload !== undefined) return askForReload(options.reload);
  // A SIGHUP before the bridge is up (logrotate at the wrong moment) must not end the start.
  const hupWhileStarting = (): void => {};
  process.on('SIGHUP', hupWhileStarting);
  const configFile = options.config!;
  let config;
  try {
    config = await loadHostedConfig(configFile, env);
  } catch (error) {
    return exit(`toolscope serve: ${error instanceof ConfigError ? error.message : String(error)}`);
  }
  const version = (
    JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }
  ).version;
  let bridge;
  try {
    // The recordings' folder: made private before anything is written there (refused when it cannot be).
    if (config.store.record && !config.store.databaseUrl) {
      const note = tightenDataFolder(dataDirectory(config.store.dataDir, env), { flag: 'store.dataDir' });
      if (note) console.error(`toolscope serve: ${note}`);
    }
    bridge = await startHostedBridge({
      config,
      distDir: path.join(PACKAGE_ROOT, 'dist'),
      port: options.port,
      version,
      readConfig: () => loadHostedConfig(configFile, env),
      recordingsFile: config.store.record
        ? path.join(dataDirectory(config.store.dataDir, env), RECORDINGS_FILE)
        : undefined,
    });
  } catch (error) {
    return exit(`toolscope serve: ${(error as Error).message}`);
  }
  const running = bridge;
  const pidFile = options.pidFile;
  if (pidFile !== undefined) {
    try {
      writePidFile(pidFile);
    } catch (error) {
      await running.close();
      return exit(
        `toolscope serve: Cannot start: cannot write --pid-file ${pidFile}: ${(error as Error).message}`,
      );
    }
  }
  console.log(`Toolscope ready: ${bridge.url}`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    running.logs.log.info({ signal }, 'stopping: no new connections, ending open ones');
    // A shutdown that hangs (a server process that ignores every signal) still ends.
    setTimeout(() => process.exit(1), 20_000).unref();
    const done = (code: number) => () => {
      if (pidFile !== undefined) removePidFile(pidFile);
      process.exit(code);
    };
    running.close().then(done(0), done(1));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
  // logrotate's `kill -HUP` and `toolscope serve --reload`: new audit file, config read again.
  process.off('SIGHUP', hupWhileStarting);
  process.on('SIGHUP', () => {
    if (stopping) return;
    running.logs.reopen();
    void running.reload('signal');
  });
}

/** `--reload <pid-file>`: signals the serve that wrote it. */
function askForReload(pidFile: string): void {
  try {
    console.log(signalReload(pidFile));
  } catch (error) {
    exit(`toolscope serve --reload: ${(error as Error).message}`);
  }
}

/** Prints a fresh token (shown once, for the user) and the config entry that holds only its digest. */
function printNewToken(user: string): void {
  const checked = userNameSchema.safeParse(user);
  if (!checked.success) return exit(`toolscope serve: --new-token: ${checked.error.issues[0]?.message}`);
  const token = newToken();
  console.log(`Token for ${user} (give it to them; it is not stored anywhere):\n  ${token}`);
  console.log(
    `Add this to auth.tokens in the config:\n  ${JSON.stringify({ user, sha256: tokenDigest(token) })}`,
  );
}

function exit(message: string): never {
  console.error(message);
  process.exit(2);
}
