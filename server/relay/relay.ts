import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import {
  RELAY_ERROR_CODE,
  type BridgeToClient,
  type FrameHttp,
  type FrameOrigin,
} from '#shared/bridge-protocol.ts';
import { UpstreamError, type Upstream } from '../upstream/upstream.ts';
import { FrameStamper, type StampedFrame } from './frame-stamper.ts';

/**
 * Where the relay's messages to the page go. `json`, when given, is the message's JSON text
 * already built (a frame around the server's own text): the receiver sends it as it is.
 */
export type RelayDelivery = (message: BridgeToClient, json?: string) => void;

/**
 * Pipes JSON-RPC between the browser and one upstream server without reinterpreting it.
 * Every frame is stamped (numbered, timed) and delivered; requests still waiting when the upstream dies (or cannot be sent)
 * are answered at once with a JSON-RPC error carrying {@link RELAY_ERROR_CODE}.
 */
export class Relay {
  readonly stamper: FrameStamper;
  /** Requests sent to the server and not yet answered, by JSON-RPC id. */
  private readonly pending = new Map<RequestId, string>();
  private closedReason: string | undefined;
  /** Outbound frames not stamped yet, in send order (upstreams that report when a message left). */
  private readonly unstamped: OutboundSlot[] = [];

  constructor(
    private readonly upstream: Upstream,
    private readonly deliver: RelayDelivery,
    stamper = new FrameStamper(),
  ) {
    this.stamper = stamper;
    upstream.onmessage = (message, text, http) => {
      if (isResponse(message)) this.pending.delete(message.id);
      this.forward(this.stamper.stampMessage('in', message, text, false, http));
    };
    upstream.onbadframe = (raw, error) => this.forward(this.stamper.stampBadFrame('in', raw, error));
    upstream.onlost = (id, reason) => {
      if (this.pending.delete(id)) this.answerWithError(id, reason);
    };
    upstream.onevent = (event) => this.deliver({ type: 'event', event, time: Date.now() });
    upstream.onclose = (reason) => {
      this.closedReason = reason;
      this.failPending(reason);
      this.deliver({ type: 'event', event: { kind: 'closed', reason }, time: Date.now() });
    };
  }

  /** Relays one message from the browser to the server; `origin` (the page says) is kept on its frame. */
  async send(message: JSONRPCMessage, origin?: FrameOrigin, json?: string): Promise<void> {
    // Serialised once: the same text goes to the server and into the recording. `json` is that
    // text when it was written already: `JSON.stringify(message)`, by the worker that read a large text.
    const text = json ?? JSON.stringify(message);
    const isRequest = 'method' in message && 'id' in message;
    if (this.closedReason || !this.upstream.reportsWire) this.stampOutbound(message, text, undefined, origin);
    if (this.closedReason) {
      if (isRequest) this.answerWithError(message.id, this.closedReason);
      return;
    }
    if (isRequest) this.pending.set(message.id, message.method);
    // An upstream that reports when the message left (HTTP) has it stamped then, with the request's
    // headers; the frames still go out in send order, which is how the page pairs them.
    const slot: OutboundSlot | undefined = this.upstream.reportsWire
      ? { message, text, ready: false, origin }
      : undefined;
    if (slot) this.unstamped.push(slot);
    const release = (http?: FrameHttp) => {
      if (!slot || slot.ready) return;
      slot.ready = true;
      slot.http = http;
      this.stampReadyOutbound();
    };
    try {
      await this.upstream.send(message, text, slot ? { onwire: release } : undefined);
      release();
    } catch (error) {
      release();
      if (isRequest && this.pending.delete(message.id)) {
        const data = error instanceof UpstreamError ? error.data : undefined;
        this.answerWithError(message.id, error instanceof Error ? error.message : String(error), data);
      }
    }
  }

  /**
   * The page gave up on request `id`: the bridge will not answer it (no relay error), and the
   * upstream stops carrying it where it can (Streamable HTTP aborts its POST).
   */
  cancel(id: RequestId): void {
    this.pending.delete(id);
    this.upstream.cancel?.(id);
  }

  /** Number of requests waiting for the server. */
  get pendingCount(): number {
    return this.pending.size;
  }

  private failPending(reason: string): void {
    for (const id of [...this.pending.keys()]) {
      this.pending.delete(id);
      this.answerWithError(id, reason);
    }
  }

  private stampOutbound(message: JSONRPCMessage, text: string, http?: FrameHttp, origin?: FrameOrigin): void {
    const { frame } = this.stamper.stampMessage('out', message, text, false, http, origin);
    // The browser already has the message; it only needs the bridge's sequence number and time.
    this.deliver({ type: 'frame', frame: { ...frame, message: undefined } });
  }

  private stampReadyOutbound(): void {
    while (this.unstamped[0]?.ready) {
      const slot = this.unstamped.shift()!;
      this.stampOutbound(slot.message, slot.text, slot.http, slot.origin);
    }
  }

  private answerWithError(id: RequestId, reason: string, data?: unknown): void {
    const message: JSONRPCMessage = {
      jsonrpc: '2.0',
      id,
      error: {
        code: RELAY_ERROR_CODE,
        message: `Bridge: ${reason}`,
        ...(data !== undefined ? { data } : {}),
      },
    };
    this.forward(this.stamper.stampMessage('in', message, JSON.stringify(message), true));
  }

  private forward({ frame, json }: StampedFrame): void {
    this.deliver({ type: 'frame', frame }, `{"type":"frame","frame":${json}}`);
  }
}

/** An outbound message waiting for its turn to be stamped. */
interface OutboundSlot {
  message: JSONRPCMessage;
  /** The message's JSON, serialised once for the server and the recording. */
  text: string;
  ready: boolean;
  http?: FrameHttp;
  origin?: FrameOrigin;
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return 'id' in message && !('method' in message);
}
