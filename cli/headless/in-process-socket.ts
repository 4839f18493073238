import {
  parseBridgeMessages,
  parseClientMessages,
  type BridgeToClient,
  type ClientToBridge,
} from '#shared/bridge-protocol.ts';
import { PageChannel } from '../../server/channel/page-channel.ts';
import type { ChannelPolicy } from '../../server/channel/channel-policy.ts';
import type { UpstreamOptions } from '../../server/upstream/open-upstream.ts';
import type { BridgeSocketLike } from '#client/transport/bridge-transport.ts';

/**
 * The page's bridge socket without a network: `toolscope check` runs the page's session and
 * BridgeTransport over the bridge's own PageChannel (relay, upstream, frame stamps) in this process.
 * Messages cross as JSON text both ways, parsed by the same functions as the WebSocket's, and one
 * event-loop turn later, so nothing is shared by reference that would not be over a real socket.
 */
export class InProcessSocket implements BridgeSocketLike {
  private readonly channel: PageChannel;
  private closed = false;
  onmessage?: (message: BridgeToClient) => void;
  onclose?: (reason: string) => void;

  /** `upstream` is what every connection of this socket opens its upstream with (OAuth options). */
  constructor(upstream: UpstreamOptions = {}) {
    const policy: ChannelPolicy = {
      admit(request) {
        if (request.catalog !== undefined) return { ok: false, error: 'No server catalog here' };
        return { ok: true, connection: { target: request.target, upstream, ended: () => {} } };
      },
    };
    this.channel = new PageChannel(
      (message, json) => {
        const text = json ?? JSON.stringify(message);
        setImmediate(() => {
          if (this.closed) return;
          for (const parsed of parseBridgeMessages(text)) this.onmessage?.(parsed);
        });
      },
      undefined,
      { policy },
    );
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  send(message: ClientToBridge): void {
    if (this.closed) throw new Error('The connection to the bridge is closed');
    for (const parsed of parseClientMessages(JSON.stringify(message))) {
      this.channel.handle(parsed).catch((error: unknown) => {
        this.onmessage?.({
          type: 'event',
          event: { kind: 'error', message: String(error) },
          time: Date.now(),
        });
      });
    }
  }

  /** Ends the channel and the server it opened (a stdio child is stopped with its process group). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.channel.close();
  }

  /** Closes like `close`, and resolves once the server it opened is closed (for a clean exit). */
  async shutdown(): Promise<void> {
    this.closed = true;
    await this.channel.close();
  }
}
