import { spawn, type ChildProcess } from 'node:child_process';
import { projectPath } from './start-cli.ts';
import { toolscopeEntry } from './toolscope-entry.ts';

/** A `toolscope serve` process started by a test. */
export interface ServeProcess {
  child: ChildProcess;
  /** The ready line's address. */
  url: string;
  port: number;
  stdout: () => string;
  stderr: () => string;
  /** Sends SIGTERM and resolves with the exit code (SIGKILL after `ms`). */
  stop: (ms?: number) => Promise<number | null>;
}

/** Runs `toolscope serve <args>` and waits for its ready line. */
export async function startServe(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 30_000,
  /** How Node runs Toolscope: the fresh bundle or the sources ({@link toolscopeEntry}), or `['bin/toolscope.js']`. */
  entry: string[] = toolscopeEntry(),
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [...entry, 'serve', ...args], {
    cwd: projectPath(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No ready line within ${timeoutMs} ms:\n${stdout}${stderr}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Toolscope ready: (\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`toolscope serve exited with ${code}:\n${stdout}${stderr}`));
    });
  });
  return {
    child,
    url,
    port: Number(new URL(url).port),
    stdout: () => stdout,
    stderr: () => stderr,
    async stop(ms = 10_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), ms);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs `toolscope serve <args>` to its end; for commands that exit (bad config, --help). */
export function runServe(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...toolscopeEntry(), 'serve', ...args], {
      cwd: projectPath(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
