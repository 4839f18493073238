import { afterAll, describe, expect, it } from 'vitest';
import type { McpSession } from '#client/session/mcp-session.ts';
import { BRIDGE_STOPPED } from '../../server/bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import { processExists, startCli, type CliProcess } from '../support/start-cli.ts';
import { eventsOf, resilienceServer, textOf } from './fault-harness.ts';

const TOKEN = 'restart-test-token';
const clis: CliProcess[] = [];
const sessions: McpSession[] = [];

async function startBridgeProcess(port = 0): Promise<CliProcess> {
  const cli = await startCli(['--port', String(port), '--token', TOKEN]);
  clis.push(cli);
  return cli;
}

/** A browser session on `cli`, connected to the resilience server, with a call left hanging. */
async function sessionWithHangingCall(cli: CliProcess) {
  const session = createNodeSession(cli.origin, TOKEN);
  sessions.push(session);
  await session.connect(resilienceServer());
  expect(textOf((await session.callTool('echo', { text: 'before' })).result)).toBe('before');
  const pid = eventsOf(session).flatMap((event) => (event.kind === 'spawned' ? [event.pid] : []))[0]!;
  const hanging = session.callTool('hang', {}, { timeoutMs: 30_000 });
  return { session, pid, hanging };
}

afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await Promise.all(clis.map((cli) => cli.stop()));
});

describe('the bridge restarts', () => {
  it('stopped on purpose: the session is told why, and connects to the new bridge on the same port', async () => {
    const first = await startBridgeProcess();
    const { session, pid, hanging } = await sessionWithHangingCall(first);
    await first.stop();
    expect(await hanging).toMatchObject({
      status: 'protocol-error',
      error: { message: 'Connection closed' },
    });
    expect(session.state.get().status).toBe('disconnected');
    // The page words it its own way around the bridge's reason; the reason itself must be there.
    expect(session.state.get().error).toContain(BRIDGE_STOPPED);
    expect(processExists(pid)).toBe(false);

    const second = await startBridgeProcess(first.port);
    expect(second.port).toBe(first.port);
    await session.connect(resilienceServer());
    expect(session.state.get()).toMatchObject({ status: 'connected', error: undefined });
    expect(textOf((await session.callTool('echo', { text: 'after' })).result)).toBe('after');
  });

  it('killed: the session sees the connection drop, and a well-behaved server exits on its own', async () => {
    const first = await startBridgeProcess();
    const { session, pid, hanging } = await sessionWithHangingCall(first);
    first.child.kill('SIGKILL');
    expect(await hanging).toMatchObject({
      status: 'protocol-error',
      error: { message: 'Connection closed' },
    });
    expect(session.state.get().error).toContain('Connection to the bridge closed (code 1006)');
    // Nothing in the bridge can run after SIGKILL: the server ends because its stdin closed.
    await waitFor(() => !processExists(pid), `the orphaned server ${pid} to exit`);
  });
});
