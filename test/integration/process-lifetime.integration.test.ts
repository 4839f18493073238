import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { waitFor } from '../support/node-session.ts';
import { spawnThroughBridge } from '../support/spawn-through-bridge.ts';
import { processExists, projectPath, startCli } from '../support/start-cli.ts';

describe('no server process outlives its page or the bridge', () => {
  let bridge: RunningBridge;
  beforeAll(async () => {
    bridge = await startTestBridge({ graceMs: 300 });
  });
  afterAll(async () => {
    await bridge.close();
  });

  it('ends the server after the grace period when the page goes away', async () => {
    const { pid, ws } = await spawnThroughBridge(bridge.port, bridge.token, fixtureCommand('fault-server'));
    expect(processExists(pid)).toBe(true);
    ws.close();
    await waitFor(() => !processExists(pid), `pid ${pid} to exit`, 10_000);
  });

  it('ends every server when the bridge closes', async () => {
    const other = await startTestBridge({ graceMs: 60_000 });
    const { pid } = await spawnThroughBridge(other.port, other.token, fixtureCommand('fault-server'));
    await other.close();
    await waitFor(() => !processExists(pid), `pid ${pid} to exit`, 10_000);
  });

  it('ends the whole process group of a wrapper command (sh -c spawning node)', async () => {
    const inner = `${process.execPath} --import tsx test/fixtures/fault-server.ts`;
    const target: ServerTarget = {
      transport: 'stdio',
      command: '/bin/sh',
      args: ['-c', `${inner}; echo done`],
      cwd: projectPath(),
    };
    const { ws } = await spawnThroughBridge(bridge.port, bridge.token, target);
    const { execFileSync } = await import('node:child_process');
    const children = () =>
      execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.includes('fixtures/fault-server.ts') && !line.includes('/bin/sh'));
    await waitFor(() => children().length > 0, 'the inner server to start');
    const innerPid = Number(children()[0]!.trim().split(/\s+/)[0]);
    ws.close();
    await waitFor(() => !processExists(innerPid), `inner pid ${innerPid} to exit`, 10_000);
  });
});

describe('the CLI on SIGTERM', () => {
  it('stops its servers before exiting', async () => {
    const cli = await startCli(['--', process.execPath, '--import', 'tsx', 'test/fixtures/fault-server.ts']);
    try {
      const { pid } = await spawnThroughBridge(cli.port, cli.token, fixtureCommand('fault-server'));
      expect(processExists(pid)).toBe(true);
      await cli.stop();
      expect(cli.child.exitCode).toBe(0);
      await waitFor(() => !processExists(pid), `pid ${pid} to exit`, 5_000);
    } finally {
      await cli.stop();
    }
  });
});
