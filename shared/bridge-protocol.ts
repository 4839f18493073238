/**
 * The wire protocol between the browser and the bridge, carried as JSON text over one WebSocket.
 * One definition for both sides: the browser's BridgeTransport and the bridge's WebSocket endpoint.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { LimitRefusal } from './hosted.ts';
import { usableTargetSchema, type ServerTarget } from './targets.ts';
import { isRecord, parseJsonText, parseUntrusted } from './untrusted-json.ts';

/** JSON-RPC error code the bridge uses for relay failures (upstream gone, cannot connect). */
export const RELAY_ERROR_CODE = -32099;

/**
 * Path of the bridge's WebSocket endpoint. Each text message on it carries one message, or a JSON
 * array of the messages sent in one tick, in order.
 */
export const WS_PATH = '/api/ws';

/** Name of the query parameter (page URL and WebSocket URL) carrying the bridge token. */
export const TOKEN_PARAM = 'token';

/** Header carrying the token on HTTP API requests. */
export const TOKEN_HEADER = 'x-toolscope-token';

/** Direction of a frame, seen from the browser's MCP client: out = to the server, in = from it. */
export type FrameDirection = 'out' | 'in';

/**
 * One frame: a JSON-RPC message, or a line that could not be read as one, as it crossed the upstream
 * transport, stamped by the bridge with its place in the connection and the time.
 */
export interface Frame {
  /** Position in its connection, from 0, with no gaps. */
  seq: number;
  direction: FrameDirection;
  /** Milliseconds since the epoch, taken by the bridge. */
  time: number;
  /** Size of the frame in bytes as it crossed the upstream transport (UTF-8 of its JSON). */
  bytes: number;
  /** The message, when the frame is valid JSON-RPC. */
  message?: JSONRPCMessage;
  /** The raw text, when the frame is not valid JSON-RPC. */
  raw?: string;
  /** Why the frame could not be read, when it could not. */
  error?: string;
  /** True when the bridge made this frame itself (an error answer for a request the server never answered). */
  synthetic?: boolean;
  /** In the page's trace, which spans connections: the frame's `seq` in its own connection. */
  bridgeSeq?: number;
}

/**
 * What a reader of stored frames (a session file, a recording) checks of each: its place, time,
 * direction and size. The rest (message, raw text, fields a newer Toolscope adds) is kept as it is.
 */
export const frameSchema = z.looseObject({
  seq: z.number(),
  time: z.number(),
  direction: z.enum(['out', 'in']),
  bytes: z.number(),
});

/** Connection states of the upstream server as reported by the bridge. */
export type BridgeEvent =
  | { kind: 'spawned'; pid: number; command: string }
  | { kind: 'connected'; transport: ServerTarget['transport'] }
  | { kind: 'stderr'; line: string; time: number }
  | { kind: 'exited'; code: number | null; signal: string | null }
  | { kind: 'http-error'; status?: number; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'closed'; reason: string };

/**
 * A server of the admin's catalog (hosted mode), named instead of described: the bridge knows its
 * command or URL, the page does not.
 */
export interface CatalogChoice {
  /** The entry's name under `catalog.mcpServers` in the bridge's config. */
  server: string;
  /**
   * The user's own values for the headers the entry lets users set (`userHeaders`), e.g. their
   * Authorization. The bridge keeps them in memory for this connection only.
   */
  headers?: Record<string, string>;
}

/** Most user header values in one catalog connect, and the longest value. */
export const MAX_USER_HEADERS = 16;
export const MAX_USER_HEADER_CHARS = 8192;

/** Messages from the browser to the bridge. */
export type ClientToBridge =
  /** Open the upstream connection; the bridge answers with `ready` or `failed`. */
  | { type: 'connect'; target: ServerTarget; catalog?: undefined }
  /** Open a catalog server (hosted mode); answered like the other connect. */
  | { type: 'connect'; catalog: CatalogChoice; target?: undefined }
  /** Relay a JSON-RPC message to the server. */
  | { type: 'send'; message: JSONRPCMessage }
  /** Close the upstream connection (kills a stdio child). */
  | { type: 'disconnect' };

/** Messages from the bridge to the browser. */
export type BridgeToClient =
  /** The socket is open; `channelId` names the bridge's page channel for it. */
  | { type: 'hello'; channelId: string; version: string }
  /** The upstream is open; `recordingId` names its recording when the bridge records connections. */
  | { type: 'ready'; channelId: string; recordingId?: string }
  /** The connect failed; `limit` says which limit refused it (hosted mode). */
  | { type: 'failed'; error: string; limit?: LimitRefusal }
  /** A frame the bridge stamped; inbound frames carry the message the page's client must handle. */
  | { type: 'frame'; frame: Frame }
  | { type: 'event'; event: BridgeEvent; time: number };

/** A message from the browser that the bridge cannot act on, and why. */
export interface RefusedClientMessage {
  type: 'refused';
  /** What is wrong, by path: `target.args[1]: expected a string, got 2`. */
  error: string;
  /** It asked to connect: the page waits for an answer, so it gets `failed`. */
  connect: boolean;
}

/**
 * The messages the bridge accepts, checked in full here and nowhere else: a connect message's
 * target is one the bridge can open. Unknown fields are kept, for pages newer than the bridge.
 */
const clientMessageSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('connect'), target: usableTargetSchema }),
  // The message itself is relayed as it is: the server judges it, and it may be 64 MB.
  z.looseObject({
    type: z.literal('send'),
    message: z.custom<JSONRPCMessage>(isRecord, 'expected an object'),
  }),
  z.looseObject({ type: z.literal('disconnect') }),
]) satisfies z.ZodType<ClientToBridge>;

/** Header names are HTTP tokens; values are one line of text. */
const userHeadersSchema = z
  .record(
    z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'expected a header name'),
    z
      .string()
      .max(MAX_USER_HEADER_CHARS, `expected at most ${MAX_USER_HEADER_CHARS} characters`)
      .regex(/^[^\r\n\0]*$/, 'expected one line of text'),
  )
  .refine((headers) => Object.keys(headers).length <= MAX_USER_HEADERS, {
    message: `expected at most ${MAX_USER_HEADERS} headers`,
  });

/** A connect that names a catalog server instead of a target. */
const catalogConnectSchema = z
  .looseObject({
    type: z.literal('connect'),
    catalog: z.looseObject({
      server: z.string().min(1, 'expected a server name').max(200, 'expected at most 200 characters'),
      headers: userHeadersSchema.optional(),
    }),
    target: z.undefined({ error: 'give either target or catalog, not both' }).optional(),
  })
  .transform((message) => message as ClientToBridge);

/**
 * Parses a WebSocket text message received by the bridge: one message, or an array of messages
 * sent in the same tick (see TickBatcher). Each entry is a message or a refusal saying why.
 */
export function parseClientMessages(text: string): (ClientToBridge | RefusedClientMessage)[] {
  const json = parseJsonText(text);
  if (!json.ok) return [{ type: 'refused', error: 'Not JSON', connect: false }];
  return Array.isArray(json.value) ? json.value.map(readClientMessage) : [readClientMessage(json.value)];
}

function readClientMessage(value: unknown): ClientToBridge | RefusedClientMessage {
  const namesCatalog = isRecord(value) && value.type === 'connect' && value.catalog !== undefined;
  const read = parseUntrusted<ClientToBridge>(
    namesCatalog ? catalogConnectSchema : clientMessageSchema,
    value,
  );
  if (read.ok) return read.value;
  return { type: 'refused', error: read.error, connect: isRecord(value) && value.type === 'connect' };
}

/** Parses a WebSocket text message received by the browser: one message or a batch of them, in order. */
export function parseBridgeMessages(text: string): BridgeToClient[] {
  // Hand-checked, not a schema: this runs for every frame the page receives, and the bridge is trusted.
  try {
    const value: unknown = JSON.parse(text);
    const items = Array.isArray(value) ? value : [value];
    return items.filter(
      (item): item is BridgeToClient => isRecord(item) && typeof item.type === 'string',
    ) as BridgeToClient[];
  } catch {
    return [];
  }
}

/**
 * A bridge event with the time the bridge saw it: a line of the page's server log, and what a
 * recording keeps beside its frames.
 */
export interface TimedBridgeEvent {
  time: number;
  event: BridgeEvent;
}
