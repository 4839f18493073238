/**
 * The wire protocol between the browser and the bridge, carried as JSON text over one WebSocket.
 * One definition for both sides: the browser's BridgeTransport and the bridge's WebSocket endpoint.
 */
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { chatTurnNoteSchema, type ChatTurnNote } from './chat-protocol.ts';
import type { LimitRefusal } from './hosted.ts';
import type { OAuthStep } from './oauth-step.ts';
import { ERA_CHOICES, usableTargetSchema, type ProtocolEraChoice, type ServerTarget } from './targets.ts';
import { isRecord, parseJsonText, parseUntrusted } from './untrusted-json.ts';

/**
 * JSON-RPC error code the bridge uses for relay failures (upstream gone, cannot connect, an HTTP
 * answer that is not JSON-RPC). When an HTTP response caused it, `error.data` holds
 * {@link RelayErrorData}. An error the server itself answered (a JSON-RPC error body, whatever the
 * HTTP status) is relayed as the server's, never under this code.
 */
export const RELAY_ERROR_CODE = -32099;

/** `error.data` of a {@link RELAY_ERROR_CODE} error caused by an HTTP response. */
export interface RelayErrorData {
  /** The HTTP status of the response. */
  status: number;
  /** The start of the response body, when it had one. */
  body?: string;
}

/**
 * Path of the bridge's WebSocket endpoint. Each text message on it carries one message, or a JSON
 * array of the messages sent in one tick, in order.
 */
export const WS_PATH = '/api/ws';

/** Name of the query parameter (page URL and WebSocket URL) carrying the bridge token. */
export const TOKEN_PARAM = 'token';

/** Header carrying the token on HTTP API requests. */
export const TOKEN_HEADER = 'x-toolscope-token';

/**
 * Direction of a frame, seen from the browser's MCP client: out = to the server, in = from it.
 * MCP Apps: `to-view` = from the page (the host) to a View, `from-view` = from a View to the page; those never
 * cross the bridge, the page adds them to its own trace.
 */
export type FrameDirection = 'out' | 'in' | 'to-view' | 'from-view';

/** Who asked for a tool call, when not the user: a model in the chat, or an MCP App's View. */
export const FRAME_ORIGINS = ['model', 'view'] as const;
export type FrameOrigin = (typeof FRAME_ORIGINS)[number];

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
  /**
   * Who asked for the tool call this frame belongs to, when not the user (a model in the chat, or an MCP
   * App's View). The page marks its trace; the bridge keeps it on the outbound frames the page named an
   * origin for (`send`'s `origin`), so a recording's replay can mark the call's other frames again.
   */
  origin?: FrameOrigin;
  /**
   * In the page's trace: a server request that arrived while exactly one tool call a model or a View
   * asked for was in flight on the connection (and no other call). An inference, not a tie the protocol
   * states: a legacy server's `elicitation/create` over stdio names no call.
   */
  during?: { origin: FrameOrigin; tool: string };
  /** HTTP targets only: what HTTP said about the request or response that carried this frame. */
  http?: FrameHttp;
}

/**
 * The HTTP side of a frame of an HTTP (Streamable HTTP or SSE) connection, recorded with the frame.
 * - Outbound frames (`direction: 'out'`) carry `request`: the method and every header of the POST
 *   that carried the message, as the bridge's transport sent it (names in lower case): the SDK's
 *   own (`content-type`, `accept`, `mcp-protocol-version`, `mcp-method`, `mcp-name`,
 *   `mcp-session-id`) and the bridge's `mcp-param-*`. The values of secret headers
 *   (`authorization`, `cookie`, `proxy-authorization`, `dpop`, and every header the user set on the
 *   target) read `***`. `decoded` repeats the headers sent in the base64 sentinel form
 *   (`=?base64?…?=`, see shared/mcp-param-headers.ts) with their decoded text.
 *   A message the bridge could not send (the POST never left) has no `request`.
 * - Inbound responses carry `response`: the HTTP status and content type of the POST that
 *   answered them (an error the server answered with 400 or 404 keeps its status here). Messages
 *   the server sent on its own (on a GET or listen stream, or before the answer) have no `http`.
 */
export interface FrameHttp {
  request?: { method: string; headers: Record<string, string>; decoded?: Record<string, string> };
  response?: { status: number; contentType?: string };
}

/**
 * What a reader of stored frames (a session file, a recording) checks of each: its place, time,
 * direction, size and origin marks. The rest (message, raw text, fields a newer Toolscope adds) is kept as it is.
 */
export const frameSchema = z.looseObject({
  seq: z.number(),
  time: z.number(),
  direction: z.enum(['out', 'in', 'to-view', 'from-view']),
  bytes: z.number(),
  // The trace names an origin from a fixed list: an unknown one is bad input, not a mark to show.
  origin: z.enum(FRAME_ORIGINS).optional(),
  during: z.looseObject({ origin: z.enum(FRAME_ORIGINS), tool: z.string() }).optional(),
});

/** Connection states of the upstream server as reported by the bridge. */
export type BridgeEvent =
  | { kind: 'spawned'; pid: number; command: string }
  | { kind: 'connected'; transport: ServerTarget['transport'] }
  | { kind: 'stderr'; line: string; time: number }
  | { kind: 'exited'; code: number | null; signal: string | null }
  | { kind: 'http-error'; status?: number; message: string }
  /** `ends`: the bridge ends the connection for this reason (an admin, an idle limit): why it closed. */
  | { kind: 'error'; message: string; ends?: true }
  | { kind: 'closed'; reason: string }
  /** A step of an OAuth sign-in (HTTP targets): for the OAuth debugger; holds no secret. */
  | { kind: 'oauth-step'; step: OAuthStep }
  /**
   * The server wants a person to sign in: the page offers to open `url` (the authorization URL).
   * `scope` is what the sign-in asks for; `adds`, on a step-up, the scopes of it the connection's
   * token does not hold yet (a call waits for them).
   */
  | { kind: 'oauth-sign-in'; url: string; scope?: string; adds?: string }
  /** A finished turn of the page's chat playground, kept in the recording (never sent to the page). */
  | { kind: 'chat-turn'; note: ChatTurnNote }
  /** Guided OAuth: the next request of the sign-in waits for the page's `oauth-next` (no secret in it). */
  | { kind: 'oauth-paused'; next: { kind: OAuthStep['kind']; method: string; url: string } }
  /**
   * The recording of this connection: `paused` while the recordings store does not answer (the
   * bridge holds what arrives), `resumed` when all of it was written, `interrupted` when some was let go.
   */
  | { kind: 'recording'; state: 'paused' | 'resumed' | 'interrupted'; message: string };

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
  /**
   * The era the page speaks with it (the "Protocol era" picker); the bridge relays it as the
   * target's era, for the recording. An entry with its own `era` in the config wins.
   */
  era?: ProtocolEraChoice;
}

/** How a pre-registered OAuth client authenticates at the token endpoint. */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;

/**
 * A pre-registered OAuth client the user entered for a connection to an HTTP server (instead of
 * dynamic registration). Sent with the connect only: the bridge keeps it in the connection's
 * memory, never in the target, so it reaches no recording, export, permalink or log.
 */
export interface OAuthClientChoice {
  clientId: string;
  clientSecret?: string;
  /** Default: the SDK's choice from the authorization server's metadata. */
  tokenEndpointAuthMethod?: (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];
}

/** Most user header values in one catalog connect, and the longest value. */
export const MAX_USER_HEADERS = 16;
export const MAX_USER_HEADER_CHARS = 8192;

/**
 * Messages from the browser to the bridge.
 * - `connect`: open the upstream connection; the bridge answers with `ready` or `failed`.
 * - `send`: relay a JSON-RPC message to the server. On an HTTP target, a `tools/call` request that
 *   carries the 2026-07-28 `_meta` envelope also gets the `Mcp-Param-*` headers its tool declares
 *   with `x-mcp-header`: the bridge reads the declarations from the `tools/list` results it relays
 *   on this connection (a tool whose declarations are invalid gets none).
 * - `cancel`: the page gave up on request `id`. On Streamable HTTP the bridge aborts the POST that
 *   carries it (closing that request's stream is the modern cancel); the server's answer, if any
 *   still comes, is relayed, and the bridge itself answers nothing for it (no -32099). On stdio
 *   and SSE it only forgets the request: send `notifications/cancelled` as well where the
 *   protocol wants one (stdio in every era, HTTP in the 2025 era).
 * - `protocol-version`: the negotiated protocol version, once known (the SDK's
 *   `Transport.setProtocolVersion`). On HTTP targets the bridge's transport sends it as
 *   `MCP-Protocol-Version` on requests that do not carry their own (2025-era requests after
 *   `initialize`; modern requests carry it in `_meta` and the header follows that).
 * - `disconnect`: close the upstream connection (kills a stdio child).
 * - a `connect` with `catalog` instead of `target` opens a server of the admin's catalog (hosted
 *   mode), answered like the other connect.
 */
export type ClientToBridge =
  | {
      type: 'connect';
      target: ServerTarget;
      catalog?: undefined;
      oauthClient?: OAuthClientChoice;
      /** Guided OAuth: the sign-in waits before each request for an `oauth-next`. */
      oauthGuided?: boolean;
    }
  | { type: 'connect'; catalog: CatalogChoice; target?: undefined }
  | {
      type: 'send';
      message: JSONRPCMessage;
      /** Who asked for the call this message belongs to, when not the user; kept on its recorded frame. */
      origin?: FrameOrigin;
    }
  | { type: 'cancel'; id: RequestId }
  | { type: 'protocol-version'; version: string }
  | { type: 'disconnect' }
  /** A finished chat turn, for the connection's recording (the bridge relays nothing). */
  | { type: 'chat-turn'; note: ChatTurnNote }
  /** Guided OAuth: send the sign-in's next request. */
  | { type: 'oauth-next' }
  /** "Clear tokens": delete the tokens kept for the next connect to the current server. */
  | { type: 'oauth-clear-tokens' };

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
  z.looseObject({
    type: z.literal('connect'),
    target: usableTargetSchema,
    oauthClient: z
      .object({
        clientId: z.string().min(1, 'expected a client id').max(2048),
        clientSecret: z.string().max(4096).optional(),
        tokenEndpointAuthMethod: z.enum(TOKEN_ENDPOINT_AUTH_METHODS).optional(),
      })
      .optional(),
    oauthGuided: z.boolean().optional(),
  }),
  // The message itself is relayed as it is: the server judges it, and it may be 64 MB.
  z.looseObject({
    type: z.literal('send'),
    message: z.custom<JSONRPCMessage>(isRecord, 'expected an object'),
    // Stored in the recording as it is: only a known origin passes.
    origin: z.enum(FRAME_ORIGINS).optional(),
  }),
  z.looseObject({ type: z.literal('cancel'), id: z.union([z.string(), z.int()]) }),
  z.looseObject({ type: z.literal('protocol-version'), version: z.string().min(1) }),
  z.looseObject({ type: z.literal('disconnect') }),
  z.looseObject({ type: z.literal('chat-turn'), note: chatTurnNoteSchema }),
  z.looseObject({ type: z.literal('oauth-next') }),
  z.looseObject({ type: z.literal('oauth-clear-tokens') }),
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
      era: z.enum(ERA_CHOICES).optional(),
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
