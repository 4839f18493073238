import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { waitFor } from '../support/node-session.ts';
import { spawnThroughBridge } from '../support/spawn-through-bridge.ts';
import { processExists, startCli } from '../support/start-cli.ts';

/** The demo server processes the CLI process has spawned (its direct children). */
function demoChildren(cliPid: number): number[] {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(cliPid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there are none
  }
  return listing
    .split('\n')
    .filter((line) => line.includes('demo-server'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe('the spare demo process (local mode, built-in demo)', () => {
  it('is running before any page connects, is adopted by the first connect, and ends with the bridge', async () => {
    const cli = await startCli([]);
    const cliPid = cli.child.pid!;
    let seen: number[] = [];
    try {
      await waitFor(() => demoChildren(cliPid).length === 1, 'the spare demo process');
      const [spare] = demoChildren(cliPid);
      expect(processExists(spare!)).toBe(true);

      const config = (await (
        await fetch(`${cli.origin}/api/config`, { headers: { [TOKEN_HEADER]: cli.token } })
      ).json()) as { initialTarget: ServerTarget };
      const { pid, ws } = await spawnThroughBridge(cli.port, cli.token, config.initialTarget);
      expect(pid).toBe(spare);

      // The next spare waits for a Reconnect; never more than one besides the adopted one.
      await waitFor(() => demoChildren(cliPid).length === 2, 'the next spare');
      seen = demoChildren(cliPid);
      expect(seen).toContain(spare);
      expect(seen.every(processExists)).toBe(true);
      ws.close();
      await cli.stop();
      expect(cli.child.exitCode).toBe(0);
      await waitFor(() => seen.every((p) => !processExists(p)), 'both demo processes to exit', 5_000);
    } finally {
      await cli.stop();
    }
  });

  it('is not kept when the CLI runs another server', async () => {
    const cli = await startCli(['--url', 'http://127.0.0.1:1/mcp']);
    try {
      // The ready line comes after the spare would have been spawned, so none means none.
      expect(demoChildren(cli.child.pid!)).toEqual([]);
    } finally {
      await cli.stop();
    }
  });
});
