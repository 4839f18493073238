import { WebSocket } from 'ws';
import { parseBridgeMessages, type BridgeToClient } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { waitFor } from './node-session.ts';

/** Opens a page socket, asks the bridge to connect `target`, and returns the pid the bridge reports spawning. */
export async function spawnThroughBridge(
  port: number,
  token: string,
  target: ServerTarget,
): Promise<{ pid: number; ws: WebSocket }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}`);
  const messages: BridgeToClient[] = [];
  ws.on('message', (data) => messages.push(...parseBridgeMessages(data.toString())));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connect', target }));
  await waitFor(() => messages.some((m) => m.type === 'ready' || m.type === 'failed'), 'the server to start');
  const spawned = messages.find((m) => m.type === 'event' && m.event.kind === 'spawned');
  if (spawned?.type !== 'event' || spawned.event.kind !== 'spawned') throw new Error('no spawned event');
  return { pid: spawned.event.pid, ws };
}
