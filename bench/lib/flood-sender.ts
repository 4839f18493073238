/**
 * One user's flood, in its own process (so that its client-side work, masking 300 MiB of frames,
 * does not delay the measuring process's other user): `node --import tsx bench/lib/flood-sender.ts
 * <port> <authorization> <messages> <mib>`. Connects to the catalog server `echo`, sends the
 * notifications at once, then a disconnect, and waits until the bridge has read all of it. Prints
 * one JSON line: `{"refusals":n,"sentMs":ms}`.
 */
import { WebSocket } from 'ws';
import { WS_PATH } from '#shared/bridge-protocol.ts';

const [port, authorization, messages, mib] = process.argv.slice(2);
const started = performance.now();
const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`, { headers: { authorization: authorization! } });
await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
let refusals = 0;
ws.on('message', (data) => {
  if (data.toString().includes('sendBytesPerMinute')) refusals++;
});
ws.send(JSON.stringify({ type: 'connect', catalog: { server: 'echo' } }));
const notification = JSON.stringify({
  type: 'send',
  message: {
    jsonrpc: '2.0',
    method: 'notifications/flood',
    params: { payload: 'x'.repeat(Number(mib) * 1024 * 1024) },
  },
});
// Told on stdout once every frame is handed to the socket: the measuring side starts its clock then.
for (let index = 0; index < Number(messages); index++) ws.send(notification);
process.stdout.write('flooding\n');
await new Promise<void>((resolve) => ws.send(JSON.stringify({ type: 'disconnect' }), () => resolve()));
// Bounded: the caller stops this process when it takes too long.
while (ws.bufferedAmount > 0) await new Promise((resolve) => setTimeout(resolve, 20));
// The refusals come back after the bridge read the last message: wait for the answer to a ping-like close.
await new Promise<void>((resolve) => {
  ws.once('close', () => resolve());
  ws.close();
});
process.stdout.write(`${JSON.stringify({ refusals, sentMs: performance.now() - started })}\n`);
