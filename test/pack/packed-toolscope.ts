import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { projectPath } from '../support/start-cli.ts';

/** A Node and npm to pack, install and run Toolscope with. */
export interface NodeEnvironment {
  label: string;
  /** Folder holding node, npm and npx, put first on PATH; undefined for the machine's own. */
  binDir: string | undefined;
  /** Why this environment cannot be tested here, when it cannot. */
  skip?: string;
}

/** Where `.ci/run` keeps Node 24 and npm 12 (`.ci/ensure-node24.sh`). */
export function ciCacheNode24Bin(): string {
  const cache = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(cache, 'toolscope-ci', 'node24', 'bin');
}

/**
 * The machine's Node with its npm, and Node 24 with npm 12 from `$TOOLSCOPE_NODE24_BIN` or the CI
 * cache (skipped, with the reason, when neither has it, or when the machine's Node is 24 already).
 */
export function nodeEnvironments(): NodeEnvironment[] {
  const machine: NodeEnvironment = { label: `machine: ${versions(undefined)}`, binDir: undefined };
  const binDir = process.env.TOOLSCOPE_NODE24_BIN || ciCacheNode24Bin();
  let node24: NodeEnvironment;
  if (process.versions.node.startsWith('24.'))
    node24 = { label: 'Node 24 + npm 12', binDir, skip: 'the machine runs Node 24 itself' };
  else if (!existsSync(path.join(binDir, 'node')))
    node24 = {
      label: 'Node 24 + npm 12',
      binDir,
      skip: `no Node 24 in ${binDir}: set TOOLSCOPE_NODE24_BIN, or run .ci/run (it installs Node 24 and npm 12 with .ci/ensure-node24.sh)`,
    };
  else node24 = { label: `Node 24 + npm 12: ${versions(binDir)}`, binDir };
  return [machine, node24];
}

/** The environment for child processes: PATH led by `binDir`, and none of the npm variables of the `npm test` running us. */
export function childEnv(binDir: string | undefined, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) && key !== 'INIT_CWD') env[key] = value;
  if (binDir) env.PATH = `${binDir}${path.delimiter}${env.PATH ?? ''}`;
  return { ...env, ...extra };
}

function versions(binDir: string | undefined): string {
  const env = childEnv(binDir);
  const node = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  const npm = spawnSync('npm', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  return `Node ${node.replace(/^v/, '')}, npm ${npm}`;
}

/** Runs a command to its end; throws with its output when it fails or outlasts `timeoutMs`. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): string {
  const result = spawnSync(command, args, { ...options, timeout: options.timeoutMs, encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${output}`);
  return output;
}

/** `npm pack` of this checkout into a new temporary folder (prepack builds what is stale); returns the tarball. */
export function packToolscope(env: NodeJS.ProcessEnv, folder: string): string {
  run('npm', ['pack', '--pack-destination', folder], { cwd: projectPath(), env, timeoutMs: 300_000 });
  const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack left no tarball in ${folder}`);
  return path.join(folder, tarball);
}

/** Installs `tarball` into an empty project folder the way a user would; returns npm's output. */
export function installTarball(env: NodeJS.ProcessEnv, tarball: string, folder: string): string {
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'pack-test', private: true }));
  return run('npm', ['install', '--no-audit', '--no-fund', tarball], {
    cwd: folder,
    env,
    timeoutMs: 300_000,
  });
}

/** A `npx toolscope` started in an installed project. */
export interface InstalledToolscope {
  url: string;
  origin: string;
  token: string;
  output: () => string;
  /** Ends npx and everything it started (npx does not pass SIGTERM on: the whole group gets it). */
  stop: () => Promise<void>;
}

/** Runs `npx toolscope <args>` in `folder` and waits for the ready line (bounded). */
export function startInstalled(
  folder: string,
  env: NodeJS.ProcessEnv,
  args: string[],
  timeoutMs = 60_000,
): Promise<InstalledToolscope> {
  return startToolscope('npx', ['toolscope', ...args], folder, env, timeoutMs);
}

/** Runs a command that starts Toolscope (`npx toolscope`, `npm start`) and waits for the ready line (bounded). */
export async function startToolscope(
  command: string,
  args: string[],
  folder: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<InstalledToolscope> {
  // Its own process group, so that stop() reaches the bridge behind npx or npm.
  const child = spawn(command, args, { cwd: folder, env, detached: true, stdio: 'pipe' });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => stopGroup(child);
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No ready line in ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // `toolscope serve` prints no token in its ready line.
        const match = /Toolscope ready: (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`));
      });
    });
    const parsed = new URL(url);
    return {
      url,
      origin: parsed.origin,
      token: parsed.searchParams.get('token') ?? '',
      output: () => output,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  signalGroup(pid, 'SIGTERM');
  for (let i = 0; i < 100 && groupAlive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) signalGroup(pid, 'SIGKILL');
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A temporary folder, removed by the returned function. */
export function tempFolder(prefix: string): { path: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  return { path: folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
