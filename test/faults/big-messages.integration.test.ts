import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RELAY_ERROR_CODE } from '#shared/bridge-protocol.ts';
import { fixtureCommand } from '../support/in-process-bridge.ts';
import { waitFor } from '../support/node-session.ts';
import type { StdioUpstream } from '../../server/upstream/stdio-upstream.ts';
import { connectedResilienceSession, resilienceServer, textOf } from './fault-harness.ts';

const fault = connectedResilienceSession();

/**
 * About `bytes` of UTF-8 text that exercises the framing: multi-byte characters (split across
 * pipe chunks somewhere), characters JSON must escape, and newlines, numbered so no two lines match.
 */
function awkwardText(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const part = `${i} é✓𝄞 "quoted" back\\slash tab\t line\n`;
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  return parts.join('');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * 20 MB each way is parsed and serialised several times on a 2-core machine; under a load of 20 the
 * round trip alone passes a minute, so these tests get a wider bound than the suite's 60 s (a bound
 * against a hang, not a speed check: speed is `npm run bench`).
 */
const BIG_CALL_MS = 150_000;
const BIG_TEST_MS = 180_000;

describe('a 20 MB message both ways', () => {
  it(
    'arrives intact at the server and back, and the bridge and the page see the same frames',
    async () => {
      const text = awkwardText(20 * 1024 * 1024);
      // The bridge keeps no frames: what it stamps is watched as it happens.
      const relay = [...fault.harness.bridge.channels.list()][0]!.currentRelay!;
      const stamped: { seq: number; bytes: number }[] = [];
      const unsubscribe = relay.stamper.subscribe(({ seq, bytes }) => stamped.push({ seq, bytes }));
      const outcome = await fault.session.callTool('mirror', { text }, { timeoutMs: BIG_CALL_MS });
      expect(outcome.status).toBe('ok');
      const [echoed, digest] = (outcome.result?.content ?? []) as { text: string }[];
      // The server hashed what it received; the client compares what came back.
      expect(digest?.text).toBe(`sha256:${sha256(text)}`);
      expect(echoed?.text === text).toBe(true);

      const frames = fault.session.trace.get().frames;
      const request = frames.findLast((frame) => frame.direction === 'out');
      const response = frames.at(-1);
      expect(request?.bytes).toBeGreaterThan(20 * 1024 * 1024);
      expect(response?.bytes).toBeGreaterThan(20 * 1024 * 1024);
      unsubscribe();
      expect(stamped.length).toBeGreaterThanOrEqual(2);
      const traced = frames.filter((frame) => (frame.bridgeSeq ?? -1) >= stamped[0]!.seq);
      expect(traced.map((frame) => [frame.bridgeSeq, frame.bytes])).toEqual(
        stamped.map((frame) => [frame.seq, frame.bytes]),
      );
    },
    BIG_TEST_MS,
  );

  it('leaves the session working', async () => {
    expect(textOf((await fault.session.callTool('echo', { text: 'small' })).result)).toBe('small');
    const upstream = [...fault.harness.bridge.channels.list()][0]!.currentUpstream as StdioUpstream;
    expect(upstream.pid).toBeGreaterThan(0);
  });
});

describe('limits', () => {
  it(
    'a server with the SDK default 10 MiB read limit: the 20 MB call fails with its exit, not a hang',
    async () => {
      const limited = fault.harness.session();
      await limited.connect(fixtureCommand('bench-echo-server'));
      const outcome = await limited.callTool(
        'echo',
        { text: awkwardText(20 * 1024 * 1024) },
        { timeoutMs: BIG_CALL_MS },
      );
      expect(outcome.error).toMatchObject({
        code: RELAY_ERROR_CODE,
        message: 'Bridge: Server exited with code 0',
      });
    },
    BIG_TEST_MS,
  );

  it('a message over the bridge limit (64 MB): that socket is closed with code 1009, the bridge lives on', async () => {
    const big = fault.harness.session();
    await big.connect(resilienceServer());
    const outcome = await big.callTool(
      'mirror',
      { text: 'x'.repeat(65 * 1024 * 1024) },
      { timeoutMs: 60_000 },
    );
    expect(outcome).toMatchObject({ status: 'protocol-error', error: { message: 'Connection closed' } });
    await waitFor(() => big.state.get().status === 'disconnected', 'the session to notice');
    expect(big.state.get().error).toContain('code 1009');
    // Before the fix, the socket's size error was unhandled and took the whole bridge down.
    expect(textOf((await fault.session.callTool('echo', { text: 'unaffected' })).result)).toBe('unaffected');
  });
});
