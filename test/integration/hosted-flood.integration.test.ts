import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { parseBridgeMessages, WS_PATH } from '#shared/bridge-protocol.ts';
import { bearer, fixtureEntry, testAuth } from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { residentBytes } from '../support/process-memory.ts';
import { startServe, type ServeProcess } from '../support/start-serve.ts';

/**
 * One user floods their socket with 20 notifications of 15 MiB (each under
 * the default maxMessageBytes); the bridge, its own process with today's default limits, holds the
 * flood at that socket: another user is answered, memory and the store stay bounded, and the
 * refusals name the limit. Bounds are generous (a loaded CI machine must not break them); the bench
 * measures them exactly.
 */
const MIB = 1024 * 1024;
const FLOOD_MESSAGES = 20;
let folder: string;
let serve: ServeProcess;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'toolscope-flood-'));
  const config = {
    version: 1,
    auth: testAuth(),
    catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server') } },
    store: { dataDir: path.join(folder, 'data') },
    log: { level: 'warn' },
  };
  writeFileSync(path.join(folder, 'team.json'), JSON.stringify(config));
  serve = await startServe(['--config', path.join(folder, 'team.json'), '--port', '0'], {
    TOOLSCOPE_SESSION_SECRET: 'flood-test-session-secret-0123456789abcdef',
  });
}, 60_000);
afterAll(async () => {
  await serve?.stop();
  rmSync(folder, { recursive: true, force: true });
});

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
}

describe('hosted mode: a flood holds one socket, not the bridge', () => {
  it('serves another user during 20 notifications of 15 MiB, within bounded memory and store', async () => {
    const bob = await HostedPage.open(serve.port, bearer('bob'));
    await bob.open({ catalog: { server: 'echo' } });
    const alice = await HostedPage.open(serve.port, bearer('alice'));
    await alice.open({ catalog: { server: 'echo' } });
    const startRss = residentBytes(serve.child.pid!)!;
    let peakRss = startRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, residentBytes(serve.child.pid!) ?? 0);
    }, 50);

    // The flood: one socket of alice's, raw, as a script would send it.
    const flood = new WebSocket(`ws://127.0.0.1:${serve.port}${WS_PATH}`, { headers: bearer('alice') });
    await new Promise((resolve, reject) => flood.once('open', resolve).once('error', reject));
    const floodErrors: string[] = [];
    // The bridge's sequence number of each message alice sent (its acknowledgement), in arrival order.
    const sentSeqs: number[] = [];
    let pingAnswered: () => void;
    const pingAnswer = new Promise<void>((resolve) => (pingAnswered = resolve));
    flood.on('message', (data) => {
      const text = data.toString();
      if (process.env.FLOOD_DEBUG) console.log('flood got', text.slice(0, 300));
      if (text.includes('sendBytesPerMinute')) floodErrors.push(text);
      for (const message of parseBridgeMessages(text))
        if (message.type === 'frame') {
          if (message.frame.direction === 'out') sentSeqs.push(message.frame.seq);
          else if ((message.frame.message as { id?: unknown } | undefined)?.id === 'after-flood')
            pingAnswered();
        }
    });
    flood.send(JSON.stringify({ type: 'connect', catalog: { server: 'echo' } }));
    const payload = 'x'.repeat(15 * MIB);
    const notification = JSON.stringify({
      type: 'send',
      message: { jsonrpc: '2.0', method: 'notifications/flood', params: { payload } },
    });
    for (let index = 0; index < FLOOD_MESSAGES; index++) flood.send(notification);
    // A small request after the large ones waits its turn: the bridge handles a socket's texts in order.
    flood.send(
      JSON.stringify({ type: 'send', message: { jsonrpc: '2.0', id: 'after-flood', method: 'ping' } }),
    );

    // Meanwhile bob lists tools, five times, each answered.
    const waits: number[] = [];
    let floodLeftWhenBobAnswered = 0;
    for (let index = 0; index < 5; index++) {
      const started = performance.now();
      const answer = await bob.request('tools/list', {});
      waits.push(performance.now() - started);
      if (index === 0) floodLeftWhenBobAnswered = flood.bufferedAmount;
      expect(answer.result?.tools).toBeDefined();
    }
    // Every flood message is handled (relayed or refused) before the test ends.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `the flood was not drained in 120 s: ${flood.bufferedAmount} buffered; ${serve.stderr().slice(-2000)}`,
            ),
          ),
        120_000,
      );
      flood.send(JSON.stringify({ type: 'disconnect' }), () => {
        const check = setInterval(() => {
          if (flood.bufferedAmount === 0) {
            clearInterval(check);
            clearTimeout(timer);
            resolve();
          }
        }, 50);
      });
    });
    // Its answer carries the acknowledgements still held (they ride with the next message out).
    await pingAnswer;
    const answer = await alice.request('tools/list', {});
    expect(answer.result?.tools).toBeDefined();
    clearInterval(sampler);
    flood.close();
    const grownMb = (peakRss - startRss) / MIB;
    console.log(
      `flood: bob's tools/list ${waits.map((ms) => ms.toFixed(0)).join(', ')} ms, the first with ${(floodLeftWhenBobAnswered / MIB).toFixed(0)} MiB of the flood unsent; bridge RSS +${grownMb.toFixed(0)} MB at peak; ${floodErrors.length} refusals seen`,
    );
    // 64 MiB a minute (the default) lets four 15 MiB messages through: the rest are refused by name.
    expect(floodErrors.length).toBeGreaterThan(0);
    expect(floodErrors[0]).toContain('limits.sendBytesPerMinute');
    // Bob was not served after the flood: his first answer came while most of it was still unsent
    // (the bridge reads alice's flood no faster than it handles it; bob's socket is his own). This
    // holds however loaded the machine is; the bench gives the times.
    expect(floodLeftWhenBobAnswered).toBeGreaterThan(FLOOD_MESSAGES * 15 * MIB * 0.5);
    expect(grownMb).toBeLessThan(400);
    // Every message of alice's was stamped, in the order sent (the small one last).
    expect(sentSeqs).toHaveLength(FLOOD_MESSAGES + 1);
    expect(sentSeqs).toEqual([...sentSeqs].sort((a, b) => a - b));
    // The store holds markers for the relayed 15 MiB frames (limits.recordedFrameBytes, 1 MiB), not
    // the frames: 64 MiB of them were relayed, 300 MiB sent.
    expect(folderBytes(path.join(folder, 'data')) / MIB).toBeLessThan(32);
    // The large texts were read in the worker thread (server/http/large-text-parser.ts), not on the
    // event loop: had the worker failed, the bridge would have said so.
    expect(serve.stderr()).not.toContain('Large texts are read on the main thread');
    bob.close();
    alice.close();
  }, 180_000);
});
