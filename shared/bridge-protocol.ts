/**
 * The wire protocol between the browser and the bridge, carried as JSON text over one WebSocket.
 * One definition for both sides: the browser's BridgeTransport and the bridge's WebSocket endpoint.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ServerTarget } from './targets.ts';

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

/** One recorded frame: a JSON-RPC message or a line that could not be read as one. */
export interface Frame {
  /** Position in this session's record, from 0, with no gaps. */
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
  /** In the browser's trace, which spans connections: the frame's `seq` in its own bridge session. */
  bridgeSeq?: number;
}

/** Connection states of the upstream server as reported by the bridge. */
export type BridgeEvent =
  | { kind: 'spawned'; pid: number; command: string }
  | { kind: 'connected'; transport: ServerTarget['transport'] }
  | { kind: 'stderr'; line: string; time: number }
  | { kind: 'exited'; code: number | null; signal: string | null }
  | { kind: 'http-error'; status?: number; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'closed'; reason: string };

/** Messages from the browser to the bridge. */
export type ClientToBridge =
  /** Open the upstream connection; the bridge answers with `ready` or `failed`. */
  | { type: 'connect'; target: ServerTarget }
  /** Relay a JSON-RPC message to the server. */
  | { type: 'send'; message: JSONRPCMessage }
  /** Close the upstream connection (kills a stdio child). */
  | { type: 'disconnect' };

/** Messages from the bridge to the browser. */
export type BridgeToClient =
  | { type: 'hello'; sessionId: string; version: string }
  /** The upstream is open; `recordingId` names its recording when the bridge records sessions. */
  | { type: 'ready'; sessionId: string; recordingId?: string }
  | { type: 'failed'; error: string }
  /** A frame the bridge recorded; inbound frames carry the message the browser's client must handle. */
  | { type: 'frame'; frame: Frame }
  | { type: 'event'; event: BridgeEvent; time: number };

/**
 * Parses a WebSocket text message received by the bridge: one message, or an array of messages
 * sent in the same tick (see TickBatcher). Each entry is a message or an error string for bad input.
 */
export function parseClientMessages(text: string): (ClientToBridge | string)[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return ['Not JSON'];
  }
  return Array.isArray(value) ? value.map(checkClientMessage) : [checkClientMessage(value)];
}

function checkClientMessage(value: unknown): ClientToBridge | string {
  if (!isRecord(value) || typeof value.type !== 'string') return 'Missing "type"';
  switch (value.type) {
    case 'connect':
      return isRecord(value.target) && typeof value.target.transport === 'string'
        ? (value as unknown as ClientToBridge)
        : 'connect needs a target';
    case 'send':
      return isRecord(value.message) ? (value as unknown as ClientToBridge) : 'send needs a message';
    case 'disconnect':
      return { type: 'disconnect' };
    default:
      return `Unknown message type ${JSON.stringify(value.type).slice(0, 40)}`;
  }
}

/** Parses a WebSocket text message received by the browser: one message or a batch of them, in order. */
export function parseBridgeMessages(text: string): BridgeToClient[] {
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
