import { afterAll, describe, expect, it } from 'vitest';
import { TOKEN_HEADER } from '#shared/bridge-protocol.ts';
import { freePort } from '../support/free-port.ts';
import { startCli, type CliProcess } from '../support/start-cli.ts';

// `--sandbox-port`: the MCP Apps sandbox proxy listens where the user says, and the page is told that origin.
describe('toolscope --sandbox-port', () => {
  let cli: CliProcess | undefined;
  afterAll(async () => {
    await cli?.stop();
  });

  it('serves the sandbox proxy on the given port and gives the page that origin', async () => {
    const port = await freePort();
    cli = await startCli(['--sandbox-port', String(port)]);
    const config = (await (
      await fetch(`${cli.origin}/api/config`, { headers: { [TOKEN_HEADER]: cli.token } })
    ).json()) as { sandboxOrigin?: string };
    expect(config.sandboxOrigin).toBe(`http://127.0.0.1:${port}`);
    expect(config.sandboxOrigin).not.toBe(cli.origin);
    const script = await fetch(`http://127.0.0.1:${port}/sandbox.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('sandbox-proxy-ready');
  });
});
