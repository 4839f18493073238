import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseClientMessages, WS_PATH, type BridgeToClient } from '#shared/bridge-protocol.ts';
import { joinBatch, TickBatcher } from '#shared/tick-batcher.ts';
import { PageChannel } from '../channel/page-channel.ts';
import type { ChannelRegistry } from '../channel/channel-registry.ts';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
import type { AccessGuard, Refusal } from './access-guard.ts';
import { LiveViewerEndpoint } from './live-viewer-endpoint.ts';

/** Largest message accepted from the browser (a tool call with a big argument still fits). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/**
 * Accepts the browser's WebSocket at {@link WS_PATH} after the access checks, and gives each
 * socket its own {@link PageChannel}.
 */
export function attachWebSocketEndpoint(
  server: Server,
  options: EndpointOptions & { guard: AccessGuard; viewers?: LiveViewerEndpoint },
): WebSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://bridge.invalid').pathname;
    const shareId = LiveViewerEndpoint.shareIdOf(pathname);
    let refusal: Refusal | undefined;
    if (pathname === WS_PATH) {
      refusal = options.guard.check(request);
      if (!refusal) wss.handleUpgrade(request, socket, head, (ws) => serveSocket(ws, options));
    } else if (shareId !== undefined && options.viewers) {
      refusal = options.viewers.upgrade(request, socket, head, shareId);
    } else {
      refusal = { status: 404, reason: 'Not found' };
    }
    if (refusal) {
      options.log(`Refused WebSocket: ${refusal.reason}`);
      socket.end(
        `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}\r\nConnection: close\r\n\r\n`,
      );
    }
  });
  return wss;
}

interface EndpointOptions {
  channels: ChannelRegistry;
  version: string;
  log: (line: string) => void;
  /** Records every connection when given. */
  recordings?: RecordingLibrary;
}

function serveSocket(ws: WebSocket, options: EndpointOptions): void {
  // Messages are queued as JSON text: a frame's text is built once, around the server's own line.
  // They go at the end of each callback (a microtask): waiting for the end of the event loop's turn
  // (setImmediate) merged a few more writes but added about 40 µs to every call's round trip.
  const batcher = new TickBatcher<string>((texts) => {
    if (ws.readyState === ws.OPEN) ws.send(joinBatch(texts));
  });
  const send = (message: BridgeToClient, json?: string): void => {
    if (ws.readyState !== ws.OPEN) return;
    // The page already has its own messages: their acknowledgement (the bridge's number and time,
    // for the trace) can wait for the next message out, which is usually the server's answer.
    const acknowledgement = message.type === 'frame' && message.frame.direction === 'out';
    batcher.push(json ?? JSON.stringify(message), acknowledgement);
  };
  const channel = new PageChannel(send, options.recordings);
  options.channels.add(channel);
  send({ type: 'hello', channelId: channel.id, version: options.version });
  ws.on('message', (data, isBinary) => {
    const messages = isBinary
      ? [{ type: 'refused' as const, error: 'Binary messages are not supported', connect: false }]
      : parseClientMessages(data.toString());
    for (const parsed of messages) {
      channel.handle(parsed).catch((error: unknown) => {
        send({ type: 'event', event: { kind: 'error', message: String(error) }, time: Date.now() });
      });
    }
  });
  // A protocol violation, such as a message over the size limit: ws closes the socket with the
  // matching code (1009 for size). Without a listener the error would crash the whole bridge.
  ws.on('error', (error) => options.log(`WebSocket error: ${error.message}`));
  ws.on('close', () => {
    batcher.drop();
    options.channels.release(channel);
  });
}

/**
 * Closes every page's socket with `code` and `reason` so that the page can say why it lost the
 * bridge (a bare reset reads as a crash, code 1006); sockets that do not answer within `waitMs`
 * are cut.
 */
export async function closeAllSockets(wss: WebSocketServer, code: number, reason: string, waitMs = 500) {
  await Promise.all(
    [...wss.clients].map(
      (ws) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            ws.terminate();
            resolve();
          }, waitMs);
          ws.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          ws.close(code, reason);
        }),
    ),
  );
}
