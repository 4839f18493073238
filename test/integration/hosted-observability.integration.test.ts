import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEntries,
  bearer,
  fixtureEntry,
  startTestHostedBridge,
  testAuth,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { rawRequest } from '../support/raw-http.ts';

/** What an admin alerts on: metrics per catalog server, store writes, failed connects, where each log line came from. */
describe('hosted observability', () => {
  let bridge: TestHostedBridge;
  const pages: HostedPage[] = [];

  beforeAll(async () => {
    bridge = await startTestHostedBridge({
      catalog: {
        mcpServers: {
          echo: fixtureEntry('hosted-echo-server'),
          missing: { command: '/nonexistent/toolscope-missing-program', args: [] },
        },
      },
      // An admin reads /metrics (auth.admins), as the contract says; nobody is in metrics.users.
      auth: { ...testAuth(), admins: ['alice'] },
    });
  });

  afterAll(async () => {
    for (const page of pages) page.close();
    await bridge?.stop();
  });

  const metricsText = async () => {
    const response = await rawRequest(bridge.port, 'GET', '/metrics', bearer('alice'));
    expect(response.status).toBe(200);
    return response.body;
  };

  it("counts every store write in an admin's /metrics after a recorded connection, and names the catalog server of each tool call", async () => {
    const page = await HostedPage.open(bridge.port, bearer('alice'));
    pages.push(page);
    await page.open({ catalog: { server: 'echo' } });
    await page.callTool('echo', { text: 'measured' });
    await page.disconnect();
    await bridge.recordings!.list();
    const text = await metricsText();
    const writes = Number(/^toolscope_store_write_duration_seconds_count (\d+)$/m.exec(text)?.[1]);
    // The recording's row, at least one batch of frames, and its end.
    expect(writes).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^toolscope_tool_calls_total\{outcome="ok",server="echo"\} 1$/m);
    expect(text).toMatch(/^toolscope_tool_call_duration_seconds_count\{outcome="ok",server="echo"\} 1$/m);
  });

  it('logs a catalog entry that cannot start at warn, with the reason, and audits the reason', async () => {
    const page = await HostedPage.open(bridge.port, bearer('bob'));
    pages.push(page);
    const answer = await page.connect({ catalog: { server: 'missing' } });
    if (answer.type === 'ready') {
      // The process may fail after the transport opened: wait for the bridge to say it closed.
      await page.next(0, (message) => message.type === 'event' && message.event.kind === 'closed');
    }
    await expect.poll(() => auditEntries(bridge).find((entry) => entry.server === 'missing')).toBeTruthy();
    const audited = auditEntries(bridge).find((entry) => entry.server === 'missing');
    expect(audited).toMatchObject({ event: 'connect', user: 'bob', outcome: 'failed' });
    // The admin's log names the program that is missing (the page is told the entry's name only).
    expect(audited?.reason).toBe('Command not found: /nonexistent/toolscope-missing-program');
    expect(page.received).toContainEqual({
      type: 'failed',
      error: 'Command not found: (catalog server missing)',
    });
    const lines = bridge
      .logText()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const warned = lines.find((line) => line.msg === 'connect failed' && line.server === 'missing');
    expect(warned).toMatchObject({ level: 40, user: 'bob', reason: audited?.reason });
  });

  it('puts the host name and process id on every log line', () => {
    const lines = bridge.logText().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({ hostname: hostname(), pid: process.pid });
    for (const line of bridge.auditText().split('\n').filter(Boolean))
      expect(JSON.parse(line)).toMatchObject({ hostname: hostname(), pid: process.pid, log: 'audit' });
  });
});
