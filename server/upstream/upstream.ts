import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';

/**
 * One open connection to an MCP server, as the relay sees it: JSON-RPC messages both ways,
 * plus what the transport noticed on the side (stderr, exits, HTTP errors, unreadable lines).
 */
export interface Upstream {
  /** Opens the connection; rejects with a readable message when the server cannot be reached. */
  start(): Promise<void>;
  /** Sends one message to the server; `text` is its JSON, for a transport that writes text itself. */
  send(message: JSONRPCMessage, text: string): Promise<void>;
  /** Closes the connection; for a child process, ends it and its process group. */
  close(): Promise<void>;
  /** A message from the server, with its JSON text as it came (a stdio line) or as the transport parsed it. */
  onmessage?: (message: JSONRPCMessage, text: string) => void;
  /** A frame arrived that is not valid JSON-RPC. */
  onbadframe?: (raw: string, error: string) => void;
  /** The transport knows that request `id` will never be answered (its response stream ended). */
  onlost?: (id: RequestId, reason: string) => void;
  onevent?: (event: BridgeEvent) => void;
  /** The connection is gone for good, whatever the reason. */
  onclose?: (reason: string) => void;
}
