import type { Transport } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';

/** Who asked for the tool call a frame belongs to, when not the user: a model (chat) or an MCP App's View. */
export type FrameOrigin = NonNullable<Frame['origin']>;

/** Most calls remembered per connection; the oldest are forgotten first (their frames are marked already). */
const MAX_REMEMBERED = 2000;

/**
 * Marks the frames of tool calls a model or a View asked for, by the JSON-RPC request id the session
 * sends: the `tools/call` request, its response, its progress (by its progress token) and its
 * cancellation. The id is learnt where the request leaves the session: the SDK's `request()` hands its
 * message to the transport before it returns, so the one request sent inside {@link sending} is the call's.
 * A multi round-trip call sends each round through `sending`, so every round is marked.
 */
export class CallOrigins {
  private expecting: FrameOrigin | undefined;
  private readonly byId = new Map<string, FrameOrigin>();
  private readonly byProgressToken = new Map<string, FrameOrigin>();

  /** Runs `send`, which sends one `tools/call` request before it returns, marking that request `origin`. */
  sending<T>(origin: FrameOrigin | undefined, send: () => T): T {
    if (!origin) return send();
    this.expecting = origin;
    try {
      return send();
    } finally {
      this.expecting = undefined;
    }
  }

  /** Learns the request ids of marked calls from what `transport` sends (before the frame comes back). */
  watch(transport: Transport): void {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      this.noteSent(message);
      return send(message, options);
    };
  }

  /** The frame with the origin of the call it belongs to; the same frame when it belongs to none. */
  mark(frame: Frame): Frame {
    const origin = this.originOf(frame);
    return origin ? { ...frame, origin } : frame;
  }

  /** A new connection numbers its requests afresh. */
  forget(): void {
    this.byId.clear();
    this.byProgressToken.clear();
    this.expecting = undefined;
  }

  private noteSent(message: Parameters<Transport['send']>[0]): void {
    const origin = this.expecting;
    if (!origin || !('method' in message) || message.method !== 'tools/call' || !('id' in message)) return;
    this.expecting = undefined;
    remember(this.byId, JSON.stringify(message.id), origin);
    const token = (message.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
    if (token !== undefined) remember(this.byProgressToken, JSON.stringify(token), origin);
  }

  private originOf(frame: Frame): FrameOrigin | undefined {
    if (frame.direction !== 'out' && frame.direction !== 'in') return undefined;
    const message = frame.message as
      { id?: unknown; method?: unknown; params?: Record<string, unknown> } | undefined;
    if (!message) return undefined;
    const hasId = message.id !== undefined && message.id !== null;
    if (typeof message.method !== 'string')
      return hasId && frame.direction === 'in' ? this.byId.get(JSON.stringify(message.id)) : undefined;
    if (hasId) return frame.direction === 'out' ? this.byId.get(JSON.stringify(message.id)) : undefined;
    const params = message.params ?? {};
    if (message.method === 'notifications/progress' && frame.direction === 'in')
      return this.byProgressToken.get(JSON.stringify(params.progressToken));
    if (message.method === 'notifications/cancelled' && frame.direction === 'out')
      return this.byId.get(JSON.stringify(params.requestId));
    return undefined;
  }
}

function remember(map: Map<string, FrameOrigin>, key: string, origin: FrameOrigin): void {
  map.set(key, origin);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
}
