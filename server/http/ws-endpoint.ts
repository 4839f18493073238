import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  parseClientMessages,
  WS_PATH,
  type BridgeToClient,
  type ClientToBridge,
  type RefusedClientMessage,
} from '#shared/bridge-protocol.ts';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { joinBatch, TickBatcher } from '#shared/tick-batcher.ts';
import { PageChannel, type ChannelRecordings, type PageChannelOptions } from '../channel/page-channel.ts';
import type { ChannelRegistry } from '../channel/channel-registry.ts';
import type { SendRefusal } from '../channel/channel-policy.ts';
import type { Refusal } from './access-guard.ts';
import { LiveViewerEndpoint } from './live-viewer-endpoint.ts';
import type { OAuthCallbacks } from '../oauth/oauth-callbacks.ts';
import type { ParseResult } from './large-text-job.ts';
import type { LargeTextParser } from './large-text-parser.ts';

/** Largest message accepted from the browser (a tool call with a big argument still fits). */
const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/** What an accepted page socket gets: its channel's options (hosted mode: its user, policy, idle timeout). */
export interface SocketGrant {
  channel?: PageChannelOptions;
  /** Hosted mode: what the page may send, and how much of it the bridge holds at once. */
  inbound?: InboundLimits;
  /** Called once when the socket has closed (hosted mode counts each user's sockets). */
  closed?: () => void;
  /** Called once the socket is open, with its channel and a way to close it (hosted mode ends a revoked user's pages). */
  opened?: (socket: OpenedSocket) => void;
}

/** An accepted page socket, as its grant's `opened` sees it. */
export interface OpenedSocket {
  channel: PageChannel;
  /** Closes the socket with a WebSocket close code and a reason the page can show. */
  close(code: number, reason: string): void;
}

/**
 * Limits on what a page sends. Each text from the page costs its user `take(bytes)`: a refusal
 * answers its messages without relaying them. And while more than `heldBytes` of the socket's
 * messages are not yet handled (written to the server), the socket is paused: a flood waits in its
 * own TCP buffers, not in the bridge's memory.
 */
export interface InboundLimits {
  heldBytes: number;
  take?(bytes: number): SendRefusal | undefined;
}

/**
 * Accepts the browser's WebSocket at {@link WS_PATH} once `authorize` grants it, and gives each
 * socket its own {@link PageChannel}.
 */
export function attachWebSocketEndpoint(
  server: Server,
  options: EndpointOptions & {
    /** The access checks of an upgrade request: a refusal, or what the socket gets. */
    authorize: (request: IncomingMessage) => Refusal | SocketGrant;
    viewers?: LiveViewerEndpoint;
  },
): WebSocketServer {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayloadBytes ?? MAX_PAYLOAD_BYTES,
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://bridge.invalid').pathname;
    const shareId = LiveViewerEndpoint.shareIdOf(pathname);
    let refusal: Refusal | undefined;
    if (pathname === WS_PATH) {
      const grant = options.authorize(request);
      if ('status' in grant) refusal = grant;
      else
        wss.handleUpgrade(request, socket, head, (ws) => {
          if (grant.closed) ws.once('close', grant.closed);
          serveSocket(ws, options, grant);
        });
    } else if (shareId !== undefined && options.viewers) {
      refusal = options.viewers.upgrade(request, socket, head, shareId);
    } else {
      refusal = { status: 404, reason: 'Not found' };
    }
    if (refusal) {
      options.log(`Refused WebSocket: ${refusal.reason}`);
      // The reason goes in the body for limits (429), which a script can read; others say only the status.
      const body = refusal.status === 429 ? JSON.stringify({ error: refusal.reason }) : '';
      socket.end(
        `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}\r\nConnection: close\r\n` +
          (body
            ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
            : '\r\n'),
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
  recordings?: ChannelRecordings;
  /** Browser sign-in for the channels' HTTP connections (OAuth), when the bridge serves its callback. */
  oauth?: OAuthCallbacks;
  /** Messages over this size close the socket (code 1009); 64 MB by default. */
  maxPayloadBytes?: number;
  /** Messages over `bytes` are answered with an error instead of relayed; the socket stays open. */
  messageLimit?: { bytes: number; refusal: (bytes: number) => SendRefusal };
  /** Hosted mode: reads large texts off the event loop (see {@link LargeTextParser}). */
  largeTexts?: LargeTextParser;
}

function serveSocket(ws: WebSocket, options: EndpointOptions, grant: SocketGrant): void {
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
  const channel = new PageChannel(send, options.recordings, grant.channel);
  channel.oauth = options.oauth;
  options.channels.add(channel);
  send({ type: 'hello', channelId: channel.id, version: options.version });
  grant.opened?.({ channel, close: (code, reason) => ws.close(code, reason) });
  const limit = options.messageLimit;
  const inbound = grant.inbound;
  if (inbound) options.largeTexts?.warm();
  let heldBytes = 0;
  let paused = false;
  const pause = () => {
    if (paused || ws.readyState !== ws.OPEN) return;
    paused = true;
    ws.pause();
  };
  const handled = (bytes: number) => {
    heldBytes -= bytes;
    mayResume();
  };
  const mayResume = () => {
    if (paused && !queue.length && heldBytes <= (inbound?.heldBytes ?? 0) / 2 && ws.readyState === ws.OPEN) {
      paused = false;
      ws.resume();
    }
  };
  /**
   * Hands a text's messages to the channel (answering those a limit refuses); `texts`, when given,
   * holds each `send` message's JSON, already written by the large-text reader.
   */
  const relayMessages = (
    messages: (ClientToBridge | RefusedClientMessage)[],
    bytes: number,
    refusedByRate: SendRefusal | undefined,
    texts?: (string | undefined)[],
  ) => {
    // Only a large text is measured message by message (a batch may hold many small ones).
    const measure = limit !== undefined && bytes > limit.bytes;
    const work: Promise<void>[] = [];
    messages.forEach((parsed, index) => {
      if (refusedByRate && parsed.type === 'send') {
        channel.answerLocally(parsed.message, refusedByRate, `(${bytes} bytes, not relayed: over a limit)`);
        return;
      }
      if (measure && refuseOversized(channel, parsed, limit, texts?.[index])) return;
      work.push(
        channel.handle(parsed, texts?.[index]).catch((error: unknown) => {
          send({ type: 'event', event: { kind: 'error', message: String(error) }, time: Date.now() });
        }),
      );
    });
    if (!inbound || !work.length) return;
    heldBytes += bytes;
    void Promise.all(work).then(() => handled(bytes));
    if (heldBytes > inbound.heldBytes) pause();
  };
  /**
   * Parses a text and hands its messages to the channel. `turns`, when given, is handed the relay
   * step, once the text is read (a large text, read by the worker), to run later; false when it
   * was not (refused unparsed).
   */
  const receive = (
    data: RawData,
    isBinary: boolean,
    bytes: number,
    turns?: (relay: Promise<() => void>) => void,
  ): boolean => {
    const refusedByRate = inbound?.take?.(bytes);
    // A large text refused anyway is not parsed (a flood would cost its parsing, and the garbage):
    // its head says what to answer.
    if (refusedByRate && bytes > UNPARSED_REFUSAL_BYTES && !isBinary) {
      refuseUnparsed(channel, data, bytes, refusedByRate);
      return false;
    }
    const readHere = () =>
      isBinary
        ? [{ type: 'refused' as const, error: 'Binary messages are not supported', connect: false }]
        : parseClientMessages(data.toString());
    if (!turns) {
      relayMessages(readHere(), bytes, refusedByRate);
      return false;
    }
    const reader = options.largeTexts;
    const read =
      reader && !isBinary && Buffer.isBuffer(data)
        ? reader.parse(data)
        : Promise.resolve<ParseResult | undefined>(undefined);
    turns(
      read.then((result) =>
        result
          ? () => relayMessages(result.messages, bytes, refusedByRate, result.texts)
          : // No worker: read here, and relay in the next turn (three turns in all).
            (
              (messages) => () =>
                relayMessages(messages, bytes, refusedByRate)
            )(readHere()),
      ),
    );
    return true;
  };
  // Hosted mode: a large text is read in a worker thread (or, without one, over a turn of its
  // own) and relayed in a later turn of the event loop, with this socket paused meanwhile, and
  // whatever the page sent after it waits its turn. Each 15 MiB step held the one event loop for a
  // few hundred ms on a loaded machine: other users' messages and answers go between the steps.
  const queue: { data: RawData; isBinary: boolean; bytes: number }[] = [];
  const drain = () => {
    const next = queue[0];
    if (!next) return mayResume();
    const large = next.bytes > TURN_SPLIT_BYTES;
    const done = () => {
      queue.shift();
      if (large) setImmediate(drain);
      else drain();
    };
    if (!large) {
      receive(next.data, next.isBinary, next.bytes);
      return done();
    }
    // The socket may close between turns: its queue is emptied then, and nothing more is relayed.
    setImmediate(() => {
      if (queue[0] !== next) return;
      const later = receive(
        next.data,
        next.isBinary,
        next.bytes,
        (reading) =>
          void reading.then((relay) =>
            setImmediate(() => {
              if (queue[0] !== next) return;
              relay();
              done();
            }),
          ),
      );
      if (!later) done();
    });
  };
  ws.on('message', (data, isBinary) => {
    const bytes = rawLength(data);
    if (!inbound || (!queue.length && bytes <= TURN_SPLIT_BYTES)) return void receive(data, isBinary, bytes);
    queue.push({ data, isBinary, bytes });
    pause();
    if (queue.length === 1) drain();
  });
  // A protocol violation, such as a message over the size limit: ws closes the socket with the
  // matching code (1009 for size). Without a listener the error would crash the whole bridge.
  ws.on('error', (error) => options.log(`WebSocket error: ${error.message}`));
  ws.on('close', () => {
    queue.length = 0;
    batcher.drop();
    options.channels.release(channel);
  });
}

/** Texts larger than this are handled over turns of the event loop (hosted mode). */
const TURN_SPLIT_BYTES = 1024 * 1024;
/** Refused texts larger than this are answered from their head, not parsed. */
const UNPARSED_REFUSAL_BYTES = 64 * 1024;
/** The head of a `send` as the page's client writes it: `{"type":"send","message":{"jsonrpc":"2.0","id":1,"method":"x"`. */
const SEND_HEAD =
  /^\{"type":"send","message":\{"jsonrpc":"2\.0",(?:"id":("(?:[^"\\]|\\.){0,200}"|-?\d{1,20}),)?"method":"((?:[^"\\]|\\.){1,200})"/;

/** Answers a refused text from its first bytes: a request by its id, anything else with an error. */
function refuseUnparsed(channel: PageChannel, data: RawData, bytes: number, refusal: SendRefusal): void {
  // A view of the first bytes, never a copy of the whole text (a 15 MiB copy held the loop 0.3 s).
  const first = Array.isArray(data)
    ? data[0]!
    : data instanceof ArrayBuffer
      ? Buffer.from(data, 0, Math.min(1024, data.byteLength))
      : data;
  const head = SEND_HEAD.exec(first.subarray(0, 1024).toString());
  const placeholder = `(${bytes} bytes, not relayed: over a limit)`;
  if (!head) return channel.answerLocally({ jsonrpc: '2.0', method: '(not read)' }, refusal, placeholder);
  const method = JSON.parse(`"${head[2]}"`) as string;
  const message: JSONRPCMessage =
    head[1] !== undefined
      ? { jsonrpc: '2.0', id: JSON.parse(head[1]) as string | number, method }
      : { jsonrpc: '2.0', method };
  channel.answerLocally(message, refusal, placeholder);
}

/** The bytes of a message as it came (ws gives a Buffer, or fragments). */
function rawLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** Answers one message of an oversized text when it is itself over the limit; true when it did. */
function refuseOversized(
  channel: PageChannel,
  parsed: ClientToBridge | RefusedClientMessage,
  limit: NonNullable<EndpointOptions['messageLimit']>,
  text?: string,
): boolean {
  if (parsed.type !== 'send' && parsed.type !== 'connect') return false;
  const bytes = Buffer.byteLength(text ?? JSON.stringify(parsed.type === 'send' ? parsed.message : parsed));
  if (bytes <= limit.bytes) return false;
  const refusal = limit.refusal(bytes);
  if (parsed.type === 'send')
    channel.answerLocally(parsed.message, refusal, `(${bytes} bytes, not relayed: over the size limit)`);
  else void channel.handle({ type: 'refused', error: refusal.message, connect: true });
  return true;
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
