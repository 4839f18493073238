import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEFAULT_VERSION } from '../../scripts/conformance.js';
import { childEnv, ciCacheNode24Bin } from '../pack/packed-toolscope.ts';
import { projectPath } from './start-cli.ts';

/** A scenario server of the official conformance suite with its authorization server, started by a test. */
export interface ConformanceScenario {
  /** The protected MCP endpoint. */
  url: string;
  /** What the suite printed (its checks when it stopped). */
  output: () => string;
  /** Stops the suite's process group (SIGINT, SIGKILL after 5 s). */
  stop: () => Promise<void>;
}

/**
 * The folder with Node 24's node, npm and npx: `$TOOLSCOPE_NODE24_BIN`, else the CI cache, where it
 * is installed the way `.ci/run` installs it (`.ci/ensure-node24.sh`, from the npm registry) when
 * it is not there yet. The suite's scenario servers need Node 22 or newer.
 */
export function node24Bin(): string {
  const bin = process.env.TOOLSCOPE_NODE24_BIN || ciCacheNode24Bin();
  if (existsSync(`${bin}/node`)) return bin;
  const cache = ciCacheNode24Bin().replace(/\/node24\/bin$/, '');
  const installed = spawnSync('bash', [projectPath('.ci/ensure-node24.sh'), cache], { encoding: 'utf8' });
  if (installed.status !== 0 || !existsSync(`${bin}/node`))
    throw new Error(`Node 24 could not be installed in ${cache}: ${installed.stderr}`);
  return bin;
}

/**
 * Starts the suite's interactive mode for `scenario` (`conformance client --scenario <name>` with
 * no command: its server and authorization server run until stopped; the authorization server
 * approves by itself) and resolves with its server URL. Bounded by `timeoutMs`, which includes
 * npx fetching the suite the first time.
 */
export async function startScenario(scenario: string, timeoutMs = 120_000): Promise<ConformanceScenario> {
  const bin = node24Bin();
  const child = spawn(
    `${bin}/npx`,
    ['-y', `@modelcontextprotocol/conformance@${DEFAULT_VERSION}`, 'client', '--scenario', scenario],
    { cwd: projectPath(), env: childEnv(bin), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    signal('SIGINT');
    const timer = setTimeout(() => signal('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`No server URL within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      child.stdout.on('data', () => {
        const match = /Server URL: (\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`The conformance suite exited:\n${output}`));
      });
    });
    return { url, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
