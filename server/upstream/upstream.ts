import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';

/**
 * One open connection to an MCP server, as the relay sees it: JSON-RPC messages both ways,
 * plus what the transport noticed on the side (stderr, exits, HTTP errors, unreadable lines).
 */
export interface Upstream {
  /** Opens the connection; rejects with a readable message when the server cannot be reached. */
  start(): Promise<void>;
  /** Sends one message to the server. */
  send(message: JSONRPCMessage): Promise<void>;
  /** Closes the connection; for a child process, ends it and its process group. */
  close(): Promise<void>;
  onmessage?: (message: JSONRPCMessage, bytes: number) => void;
  /** A frame arrived that is not valid JSON-RPC. */
  onbadframe?: (raw: string, error: string) => void;
  /** The transport knows that request `id` will never be answered (its response stream ended). */
  onlost?: (id: RequestId, reason: string) => void;
  onevent?: (event: BridgeEvent) => void;
  /** The connection is gone for good, whatever the reason. */
  onclose?: (reason: string) => void;
}

/** Byte length of a message as JSON, the way it crosses the wire. */
export function jsonBytes(message: unknown): number {
  return Buffer.byteLength(JSON.stringify(message));
}
