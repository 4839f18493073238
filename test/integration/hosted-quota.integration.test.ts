import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  fixtureEntry,
  startTestHostedBridge,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';

// The recording quota (limits.recordingBytesPerUser) as the user's page meets it: when
// their recording stops at the quota, the page gets one notice naming the limit, and the
// connection goes on; another user's page hears nothing.

const QUOTA = 20_000;
const CALLS = 20; // 20 echoes of 2,000 characters: about 80 kB of frames, 4x the quota
let bridge: TestHostedBridge;
const pages: HostedPage[] = [];

beforeAll(async () => {
  bridge = await startTestHostedBridge({
    catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server') } },
    limits: { recordingBytesPerUser: QUOTA },
  });
});
afterAll(async () => {
  for (const page of pages) page.close();
  await bridge?.stop();
});

const quotaNotices = (page: HostedPage) => page.errors().filter((m) => m.includes('recordingBytesPerUser'));

describe('hosted mode: the recording quota on the page', () => {
  it('tells the user once when their recording stops at the quota; the connection goes on', async () => {
    const alice = await HostedPage.open(bridge.port, bearer('alice'));
    const bob = await HostedPage.open(bridge.port, bearer('bob'));
    pages.push(alice, bob);
    await alice.open({ catalog: { server: 'echo' } });
    await bob.open({ catalog: { server: 'echo' } });
    for (let call = 0; call < CALLS; call++) {
      await alice.callTool('echo', { text: `${call}:${'a'.repeat(2000)}` });
      await bob.callTool('echo', { text: 'small' });
    }
    // The quota's check runs beside the calls: its notice is an event that comes, not a time.
    await expect.poll(() => quotaNotices(alice), { timeout: 15_000 }).toHaveLength(1);
    const [notice] = quotaNotices(alice);
    expect(notice).toMatch(/^Limit reached: at most 20000 bytes of recordings per user/);
    expect(notice).toContain('recording of this connection stopped');

    // The connection goes on, and no second notice comes.
    const after = await alice.callTool('echo', { text: 'still connected' });
    expect(after.result?.content?.[0]?.text).toBe('still connected');
    expect(quotaNotices(alice)).toHaveLength(1);
    // Bob's small recording is under the quota: his page hears nothing of alice's.
    expect(quotaNotices(bob)).toEqual([]);
  });
});
