import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ArgvReader } from '../argv-reader.ts';
import { PACKAGE_ROOT } from '../demo-target.ts';
import { dataDirectory, RECORDINGS_FILE, tightenDataFolder } from '../recordings/data-dir.ts';
import { newToken, tokenDigest } from './auth/token-directory.ts';
import { userNameSchema } from './config/config-schema.ts';
import { ConfigError, loadHostedConfig } from './config/load-config.ts';
import { startHostedBridge } from './hosted-bridge.ts';

export const SERVE_USAGE = `Usage:
  toolscope serve --config <file> [--port <n>]   run Toolscope for a team (see docs/hosting.md)
  toolscope serve --new-token <user>             make a personal access token and its config entry

Options:
  --config <file>     the hosted config (JSON, "version": 1)
  --port <n>          port to listen on, instead of server.port (0 = a free port)
  -h, --help          show this help`;

/** The `serve` command line, parsed without side effects. */
export interface ServeOptions {
  config?: string;
  port?: number;
  newTokenFor?: string;
  help: boolean;
}

/** Parses the arguments after `serve`; throws with a readable message on bad input. */
export function parseServeArgs(argv: readonly string[]): ServeOptions {
  const options: ServeOptions = { help: false };
  const args = new ArgvReader(argv);
  for (let arg = args.next(); arg !== undefined; arg = args.next()) {
    if (arg === '--config') options.config = args.value(arg);
    else if (arg === '--port') options.port = args.port(arg);
    else if (arg === '--new-token') options.newTokenFor = args.value(arg);
    else if (arg === '-h' || arg === '--help') options.help = true;
    else throw new Error(`Unknown option ${arg}\n\n${SERVE_USAGE}`);
  }
  if (!options.help && !options.newTokenFor && !options.config)
    throw new Error(`--config is required\n\n${SERVE_USAGE}`);
  return options;
}

/** Runs `toolscope serve`: prints the ready line, stops gracefully on SIGINT, SIGTERM and SIGHUP. */
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
  let config;
  try {
    config = await loadHostedConfig(options.config!, env);
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
      recordingsFile: config.store.record
        ? path.join(dataDirectory(config.store.dataDir, env), RECORDINGS_FILE)
        : undefined,
    });
  } catch (error) {
    return exit(`toolscope serve: ${(error as Error).message}`);
  }
  console.log(`Toolscope ready: ${bridge.url}`);
  const running = bridge;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    running.logs.log.info({ signal }, 'stopping: no new connections, ending sessions');
    // A shutdown that hangs (a server process that ignores every signal) still ends.
    setTimeout(() => process.exit(1), 20_000).unref();
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(signal));
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
