import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { HttpTarget } from '#shared/targets.ts';
import type { Upstream } from './upstream.ts';
import { watchedFetch } from './watched-fetch.ts';

/** A remote MCP server over Streamable HTTP or legacy SSE, using the SDK's client transports. */
export class HttpUpstream implements Upstream {
  private readonly transport: Transport;
  private closed = false;
  /** Errors the transport already reported through onerror (it also rethrows them from send). */
  private readonly reported = new WeakSet<object>();
  onmessage?: Upstream['onmessage'];
  onbadframe?: Upstream['onbadframe'];
  onlost?: Upstream['onlost'];
  onevent?: Upstream['onevent'];
  onclose?: Upstream['onclose'];

  /** `fetch` makes every request (both transports); the global fetch when absent. */
  constructor(
    private readonly target: HttpTarget,
    fetch?: FetchLike,
  ) {
    const url = new URL(target.url);
    const requestInit: RequestInit = { headers: target.headers ?? {} };
    this.transport =
      target.transport === 'sse'
        ? new SSEClientTransport(url, { requestInit, ...(fetch ? { fetch } : {}) })
        : new StreamableHTTPClientTransport(url, {
            requestInit,
            fetch: watchedFetch((id, reason) => this.onlost?.(id, reason), fetch),
          });
    this.transport.onmessage = (message) => this.onmessage?.(message, JSON.stringify(message));
    this.transport.onerror = (error) => {
      this.reported.add(error);
      this.onevent?.(describeError(error));
    };
    this.transport.onclose = () => this.finish('Connection to the server closed');
  }

  async start(): Promise<void> {
    try {
      await this.transport.start();
    } catch (error) {
      const event = describeError(error);
      if (!(error instanceof Object && this.reported.has(error))) this.onevent?.(event);
      throw new Error(event.message, { cause: error });
    }
    this.onevent?.({ kind: 'connected', transport: this.target.transport });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('Connection to the server is closed');
    try {
      await this.transport.send(message);
    } catch (error) {
      const event = describeError(error);
      if (!(error instanceof Object && this.reported.has(error))) this.onevent?.(event);
      throw new Error(event.message, { cause: error });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      // Streamable HTTP: ask the server to drop its session; ignore servers that do not support it.
      if (this.transport instanceof StreamableHTTPClientTransport) await this.transport.terminateSession();
    } catch {
      // Not supported, or the server is already gone.
    }
    await this.transport.close();
    this.finish('Disconnected');
  }

  private finish(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.(reason);
  }
}

/** Turns a transport error into a bridge event, keeping the HTTP status where there is one. */
function describeError(error: unknown): { kind: 'http-error'; status?: number; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    return { kind: 'http-error', status: error.code, message };
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return { kind: 'http-error', message: message + cause };
}
