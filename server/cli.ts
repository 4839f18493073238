import { spawn } from 'node:child_process';
import path from 'node:path';
import type { ServerTarget } from '#shared/targets.ts';
import { startBridge } from './bridge.ts';
import { parseCliArgs, USAGE, type CliOptions } from './cli-args.ts';
import { packageVersion } from './package-version.ts';
import { demoServerTarget, PACKAGE_ROOT } from './demo-target.ts';
import { dataDirectory, RECORDINGS_FILE, tightenDataFolder } from './recordings/data-dir.ts';
import { hasTarget, resolveTarget } from './target-flags.ts';
import { startSpare } from './upstream/spare-process.ts';

async function main(): Promise<void> {
  if (process.argv[2] === 'serve') {
    // Hosted team mode has its own command line and modules, loaded only when asked for.
    const { runServe } = await import('./hosted/serve-command.ts');
    return runServe(process.argv.slice(3), process.env);
  }
  if (process.argv[2] === 'store') {
    // Backups and moves of the recordings store: a command of its own, loaded only when asked for.
    const { runStore } = await import('./store-command/store-command.ts');
    return runStore(process.argv.slice(3), process.env);
  }
  if (process.argv[2] === 'check') {
    // `toolscope check` runs the page's session headless, so it is its own bundle (cli/check,
    // lib/check.js) and bin/toolscope.js runs it; the bridge never loads the page's code.
    console.error('toolscope: check is not part of the bridge: run it with bin/toolscope.js check');
    process.exit(2);
  }
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`toolscope: ${(error as Error).message}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  if (options.version) {
    console.log(packageVersion());
    return;
  }
  try {
    const note = tightenDataFolder(dataDirectory(options.dataDir));
    if (note) console.error(`toolscope: ${note}`);
  } catch (error) {
    console.error(`toolscope: ${(error as Error).message}`);
    process.exit(2);
  }
  const target = await targetOf(options);
  // The demo boots while the browser loads the page; its first connect adopts it (bridge.close() ends it).
  if (!hasTarget(options)) startSpare(demoServerTarget());
  const version = packageVersion();
  const bridge = await startBridge({
    host: options.host,
    port: options.port,
    sandboxPort: options.sandboxPort,
    token: options.token,
    target,
    distDir: path.join(PACKAGE_ROOT, 'dist'),
    version,
    log: (line) => console.error(`toolscope: ${line}`),
    recordingsFile:
      options.record && !options.databaseUrl
        ? path.join(dataDirectory(options.dataDir), RECORDINGS_FILE)
        : undefined,
    databaseUrl: options.record ? options.databaseUrl : undefined,
    oauthTokensFile: path.join(dataDirectory(options.dataDir), 'oauth-tokens.json'),
    retentionDays: options.retentionDays,
    allowHosts: options.allowHosts,
  });
  console.log(`Toolscope ready: ${bridge.url}`);
  if (options.open) openBrowser(bridge.url);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.error(`toolscope: ${signal}, stopping servers`);
    bridge.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => stop('SIGHUP'));
}

/** The target of the command line, or the demo server when it names none; exits 2 on a bad config file. */
async function targetOf(options: CliOptions): Promise<ServerTarget> {
  if (!hasTarget(options)) {
    const demo = demoServerTarget();
    return options.era ? { ...demo, era: options.era } : demo;
  }
  try {
    return await resolveTarget(options);
  } catch (error) {
    console.error(`toolscope: ${(error as Error).message}`);
    process.exit(2);
  }
}

/** Best effort: a missing opener (headless machine, CI) is not an error. */
function openBrowser(url: string): void {
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
    child.on('error', () => console.error(`toolscope: open ${url} in your browser`));
    child.unref();
  } catch {
    console.error(`toolscope: open ${url} in your browser`);
  }
}

await main();
