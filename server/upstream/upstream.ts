import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import type { BridgeEvent, FrameHttp } from '#shared/bridge-protocol.ts';

/** Options of one {@link Upstream.send}. */
export interface UpstreamSendOptions {
  /**
   * Called once when the message leaves for the server, with what HTTP says about the request
   * that carries it (undefined on stdio). Only upstreams with {@link Upstream.reportsWire} call it.
   */
  onwire?: (http: FrameHttp | undefined) => void;
}

/**
 * One open connection to an MCP server, as the relay sees it: JSON-RPC messages both ways,
 * plus what the transport noticed on the side (stderr, exits, HTTP errors, unreadable lines).
 */
export interface Upstream {
  /** Opens the connection; rejects with a readable message when the server cannot be reached. */
  start(): Promise<void>;
  /**
   * Sends one message to the server; `text` is its JSON, for a transport that writes text itself.
   * A failure rejects with an Error whose message says why; an {@link UpstreamError} carries `data`
   * for the relay's error answer (the HTTP status).
   */
  send(message: JSONRPCMessage, text: string, options?: UpstreamSendOptions): Promise<void>;
  /** Closes the connection; for a child process, ends it and its process group. */
  close(): Promise<void>;
  /** True when `send` reports through `onwire` when (and with which HTTP request) a message left. */
  readonly reportsWire?: boolean;
  /** The page gave up on request `id`: stop carrying it (Streamable HTTP aborts its POST). */
  cancel?(id: RequestId): void;
  /** The negotiated protocol version, for transports that put it on every request (HTTP). */
  setProtocolVersion?(version: string): void;
  /**
   * A message from the server, with its JSON text as it came (a stdio line) or as the transport
   * parsed it; `http` says which HTTP response carried it, when one did.
   */
  onmessage?: (message: JSONRPCMessage, text: string, http?: FrameHttp) => void;
  /** A frame arrived that is not valid JSON-RPC. */
  onbadframe?: (raw: string, error: string) => void;
  /** The transport knows that request `id` will never be answered (its response stream ended). */
  onlost?: (id: RequestId, reason: string) => void;
  onevent?: (event: BridgeEvent) => void;
  /** The connection is gone for good, whatever the reason. */
  onclose?: (reason: string) => void;
}

/** A failed send whose error answer should carry `data` (for HTTP: the status and body). */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly data: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
