import { execFile } from 'node:child_process';
import { projectPath } from './start-cli.ts';

/** How a headless command ended. */
export interface HeadlessRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `toolscope <command> <args>` as users do (the built bin, a child process) to its end, killed
 * after `timeoutMs`. `env` is added to this process's environment.
 */
export function runHeadless(
  command: 'check' | 'load' | 'eval',
  args: string[],
  env: Record<string, string | undefined> = {},
  timeoutMs = 90_000,
): Promise<HeadlessRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [projectPath('bin/toolscope.js'), command, ...args],
      {
        cwd: projectPath(),
        timeout: timeoutMs,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The stdio command of the CI fixture server (test/fixtures/ci-server.ts), answering as changed or not. */
export function ciServer(changed = false): string[] {
  return [
    process.execPath,
    '--import',
    'tsx',
    projectPath('test/fixtures/ci-server.ts'),
    ...(changed ? ['changed'] : []),
  ];
}
