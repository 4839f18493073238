import { spawn, type ChildProcess } from 'node:child_process';
import { projectPath } from './start-cli.ts';
import { freePort } from './free-port.ts';

/** server-everything over HTTP (Streamable HTTP or SSE), bound to 127.0.0.1 on a free port. */
export async function startEverythingHttp(
  mode: 'streamableHttp' | 'sse',
): Promise<{ url: string; stop: () => Promise<void>; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      projectPath('test/support/loopback-only.ts'),
      projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js'),
      mode,
    ],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], cwd: projectPath() },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server-everything ${mode} did not start:\n${output}`)),
      20_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on port|running on port/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited with ${code}:\n${output}`));
    });
  });
  const path = mode === 'sse' ? '/sse' : '/mcp';
  return {
    url: `http://127.0.0.1:${port}${path}`,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
