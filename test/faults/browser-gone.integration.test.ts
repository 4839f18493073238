import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { parseBridgeMessages, type BridgeToClient } from '#shared/bridge-protocol.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { waitFor } from '../support/node-session.ts';
import { processExists } from '../support/start-cli.ts';
import { resilienceServer } from './fault-harness.ts';

let bridge: RunningBridge;
beforeAll(async () => {
  bridge = await startTestBridge({ graceMs: 300 });
});
afterAll(async () => {
  await bridge.close();
});

describe('the browser goes away', () => {
  it('a server that ignores stdin EOF and SIGTERM is still killed after the grace period', async () => {
    const ws = new WebSocket(
      `ws://127.0.0.1:${bridge.port}/api/ws?token=${encodeURIComponent(bridge.token)}`,
    );
    const messages: BridgeToClient[] = [];
    ws.on('message', (data) => {
      messages.push(...parseBridgeMessages(data.toString()));
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ type: 'connect', target: resilienceServer('--stubborn') }));
    await waitFor(() => messages.some((m) => m.type === 'ready'), 'the server to start');
    const spawned = messages.flatMap((m) =>
      m.type === 'event' && m.event.kind === 'spawned' ? [m.event.pid] : [],
    );
    const pid = spawned[0]!;
    expect(processExists(pid)).toBe(true);
    expect(bridge.channels.size).toBe(1);

    ws.terminate(); // like a crashed tab: no close frame
    await waitFor(() => !processExists(pid), `stubborn pid ${pid} to be killed`);
    await waitFor(() => bridge.channels.size === 0, 'the channel to be dropped');
  });
});
