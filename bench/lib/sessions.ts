import { spawn } from 'node:child_process';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { StdioTarget } from '#shared/targets.ts';
import { McpSession } from '#client/session/mcp-session.ts';
import { StampingTransport } from '#client/transport/stamping-transport.ts';
import { createNodeSession } from '../../test/support/node-session.ts';
import { projectPath, startCli, type CliProcess } from '../../test/support/start-cli.ts';
import type { CleanupStack } from './cleanup.ts';

/**
 * The same session code the browser runs, talking to a stdio server directly through the SDK's
 * StdioClientTransport: the baseline the bridge is compared with, so that both sides do the same
 * client-side work (SDK Client, trace) and only the path differs.
 */
export function directStdioSession(target: StdioTarget): McpSession {
  return new McpSession({
    createTransport: () =>
      new StampingTransport(
        new StdioClientTransport({
          command: target.command,
          args: target.args,
          cwd: target.cwd,
          stderr: 'ignore',
        }),
      ),
  });
}

/** The browser's session code over the SDK's StreamableHTTPClientTransport, without the bridge. */
export function directHttpSession(): McpSession {
  return new McpSession({
    createTransport: (target) => {
      if (target.transport === 'stdio') throw new Error('HTTP targets only');
      return new StampingTransport(new StreamableHTTPClientTransport(new URL(target.url)));
    },
  });
}

/** A Toolscope CLI (the bridge, in its own process, as users run it), stopped by `cleanup`. */
export async function startBridgeProcess(cleanup: CleanupStack, flags: string[] = []): Promise<CliProcess> {
  const cli = await startCli([
    ...flags,
    '--',
    process.execPath,
    '--import',
    'tsx',
    'test/fixtures/bench-echo-server.ts',
  ]);
  cleanup.defer('the bridge', () => cli.stop());
  return cli;
}

/** The browser's session code in Node, through the bridge `cli`; disconnected by `cleanup`. */
export function bridgedSession(cli: CliProcess, cleanup: CleanupStack): McpSession {
  const session = createNodeSession(cli.origin, cli.token);
  cleanup.defer('a bridged session', () => session.disconnect());
  return session;
}

/** Connects `session` and fails loudly if it did not work. */
export async function connectOrThrow(session: McpSession, target: Parameters<McpSession['connect']>[0]) {
  await session.connect(target);
  const state = session.state.get();
  if (state.status !== 'connected') throw new Error(`Could not connect: ${state.error ?? state.status}`);
}

/** The bench echo server over Streamable HTTP, in its own process on 127.0.0.1. */
export async function startEchoHttpServer(cleanup: CleanupStack): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/bench-echo-http-server.ts'], {
    cwd: projectPath(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.defer('the HTTP echo server', async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on port (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The HTTP echo server exited with ${code}`)));
  });
  return `http://127.0.0.1:${port}/mcp`;
}
