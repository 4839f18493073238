import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toolscopeEntry } from './toolscope-entry.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A Toolscope CLI process started by a test. */
export interface CliProcess {
  child: ChildProcess;
  /** The ready URL, token included. */
  url: string;
  origin: string;
  token: string;
  port: number;
  /** Where this process keeps its recordings (a temporary folder unless the test chose one). */
  dataDir: string;
  output: () => string;
  /** Sends SIGTERM and waits for the process to exit (SIGKILL after `ms`). */
  stop: (ms?: number) => Promise<void>;
}

/** Starts `toolscope --no-open --port 0 <args>` and waits for its ready line. */
export async function startCli(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 30_000,
): Promise<CliProcess> {
  // Tests never touch the user's own recordings: a throwaway data folder unless one is given.
  const chosenDir = valueOf(args, '--data-dir') ?? env.TOOLSCOPE_DATA_DIR;
  const dataDir = chosenDir ?? mkdtempSync(path.join(tmpdir(), 'toolscope-data-'));
  const child = spawn(process.execPath, [...toolscopeEntry(), '--no-open', '--port', '0', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, TOOLSCOPE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No ready line within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Toolscope ready: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`toolscope exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    child,
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    port: Number(parsed.port),
    dataDir,
    output: () => output,
    async stop(ms = 5000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      await exited;
      clearTimeout(timer);
      if (!chosenDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Absolute path of a file in the project. */
export function projectPath(...parts: string[]): string {
  return path.join(ROOT, ...parts);
}

/** True when a process with this pid exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The value after `flag` in `args` (before any `--`), if present. */
function valueOf(args: string[], flag: string): string | undefined {
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  const index = args.slice(0, end).indexOf(flag);
  return index === -1 ? undefined : args[index + 1];
}
