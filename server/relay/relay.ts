import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { RELAY_ERROR_CODE, type BridgeToClient } from '#shared/bridge-protocol.ts';
import type { Upstream } from '../upstream/upstream.ts';
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

  constructor(
    private readonly upstream: Upstream,
    private readonly deliver: RelayDelivery,
    stamper = new FrameStamper(),
  ) {
    this.stamper = stamper;
    upstream.onmessage = (message, text) => {
      if (isResponse(message)) this.pending.delete(message.id);
      this.forward(this.stamper.stampMessage('in', message, text));
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

  /** Relays one message from the browser to the server. */
  async send(message: JSONRPCMessage): Promise<void> {
    // Serialised once: the same text goes to the server and into the recording.
    const text = JSON.stringify(message);
    const { frame } = this.stamper.stampMessage('out', message, text);
    // The browser already has the message; it only needs the bridge's sequence number and time.
    this.deliver({ type: 'frame', frame: { ...frame, message: undefined } });
    const isRequest = 'method' in message && 'id' in message;
    if (this.closedReason) {
      if (isRequest) this.answerWithError(message.id, this.closedReason);
      return;
    }
    if (isRequest) this.pending.set(message.id, message.method);
    try {
      await this.upstream.send(message, text);
    } catch (error) {
      if (isRequest && this.pending.delete(message.id)) {
        this.answerWithError(message.id, error instanceof Error ? error.message : String(error));
      }
    }
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

  private answerWithError(id: RequestId, reason: string): void {
    const message: JSONRPCMessage = {
      jsonrpc: '2.0',
      id,
      error: { code: RELAY_ERROR_CODE, message: `Bridge: ${reason}` },
    };
    this.forward(this.stamper.stampMessage('in', message, JSON.stringify(message), true));
  }

  private forward({ frame, json }: StampedFrame): void {
    this.deliver({ type: 'frame', frame }, `{"type":"frame","frame":${json}}`);
  }
}

function isResponse(message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } {
  return 'id' in message && !('method' in message);
}
