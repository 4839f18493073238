import { spawn } from 'node:child_process';
import { projectPath } from './start-cli.ts';

/**
 * The hosted-echo fixture (or another fixture with an `--http` mode that prints `listening on port <n>`)
 * over Streamable HTTP on 127.0.0.1, started as its own process.
 */
export async function startHostedEchoHttp(fixture = 'hosted-echo-server'): Promise<{
  url: string;
  port: number;
  stop: () => Promise<void>;
}> {
  const child = spawn(process.execPath, ['--import', 'tsx', `test/fixtures/${fixture}.ts`, '--http'], {
    cwd: projectPath(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${fixture} did not start:\n${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on port (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${fixture} exited with ${code}:\n${output}`));
    });
  });
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
