import type { Transport } from '@modelcontextprotocol/client';
import type { Frame, FrameOrigin } from '#shared/bridge-protocol.ts';

export type { FrameOrigin } from '#shared/bridge-protocol.ts';

/** Most calls remembered per connection; the oldest are forgotten first (their frames are marked already). */
const MAX_REMEMBERED = 2000;

type Message = { id?: unknown; method?: unknown; params?: Record<string, unknown> };

/** A tool call sent and not answered yet, as the frames show it. */
interface CallInFlight {
  tool: string;
  /** Absent: the user's own call. */
  origin?: FrameOrigin;
}

/**
 * Marks the frames of tool calls a model or a View asked for, by the JSON-RPC request id the session
 * sends: the `tools/call` request, its response, its progress (by its progress token) and its
 * cancellation. The id is learnt where the request leaves the session: the SDK's `request()` hands its
 * message to the transport before it returns, so the one request sent inside {@link sending} is the call's.
 * A multi round-trip call sends each round through `sending`, so every round is marked.
 *
 * A replay learns the same from its frames: the bridge keeps the page's origin on the requests it relayed.
 *
 * A server request that arrives while exactly one call is in flight, and that call is a model's or a
 * View's, is marked `during` it: a legacy server's `elicitation/create` over stdio names no call, so this
 * is an inference, never an "asked by". With several calls in flight nothing is said.
 */
export class CallOrigins {
  private expecting: FrameOrigin | undefined;
  private readonly byId = new Map<string, FrameOrigin>();
  private readonly byProgressToken = new Map<string, FrameOrigin>();
  private readonly inFlight = new Map<string, CallInFlight>();

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

  /**
   * Who asked for the call a message the session sends belongs to (its request, or its cancellation),
   * for the bridge to keep on the recorded frame; undefined for the user's and for everything else.
   */
  originOfSent(message: Parameters<Transport['send']>[0]): FrameOrigin | undefined {
    return this.originOf('out', message as Message);
  }

  /** The frame with the origin of the call it belongs to; the same frame when there is nothing to add. */
  mark(frame: Frame): Frame {
    const message = frame.message as Message | undefined;
    if (frame.origin) this.learn(frame, message);
    const origin = frame.origin ?? this.originOf(frame.direction, message);
    const during = origin ? undefined : this.duringOf(frame, message);
    this.track(frame, message, origin);
    if (origin === frame.origin && !during) return frame;
    return { ...frame, ...(origin ? { origin } : {}), ...(during ? { during } : {}) };
  }

  /** A new connection numbers its requests afresh. */
  forget(): void {
    this.byId.clear();
    this.byProgressToken.clear();
    this.inFlight.clear();
    this.expecting = undefined;
  }

  private noteSent(message: Parameters<Transport['send']>[0]): void {
    const origin = this.expecting;
    if (!origin || !('method' in message) || message.method !== 'tools/call' || !('id' in message)) return;
    this.expecting = undefined;
    this.rememberCall(message as Message, origin);
  }

  /** A recorded request already carries its origin (the bridge kept the page's word): its answer gets it too. */
  private learn(frame: Frame, message: Message | undefined): void {
    if (frame.direction !== 'out' || !frame.origin || message?.method !== 'tools/call') return;
    if (message.id !== undefined && message.id !== null) this.rememberCall(message, frame.origin);
  }

  private rememberCall(message: Message, origin: FrameOrigin): void {
    remember(this.byId, JSON.stringify(message.id), origin);
    const token = (message.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
    if (token !== undefined) remember(this.byProgressToken, JSON.stringify(token), origin);
  }

  /** Keeps the calls in flight: a tools/call request starts one, its answer or cancellation ends it. */
  private track(frame: Frame, message: Message | undefined, origin: FrameOrigin | undefined): void {
    if (!message || (frame.direction !== 'out' && frame.direction !== 'in')) return;
    const hasId = message.id !== undefined && message.id !== null;
    if (frame.direction === 'out' && message.method === 'tools/call' && hasId) {
      const tool = typeof message.params?.name === 'string' ? message.params.name : '(unnamed)';
      remember(this.inFlight, JSON.stringify(message.id), { tool, ...(origin ? { origin } : {}) });
    } else if (frame.direction === 'in' && message.method === undefined && hasId) {
      this.inFlight.delete(JSON.stringify(message.id));
    } else if (frame.direction === 'out' && message.method === 'notifications/cancelled') {
      this.inFlight.delete(JSON.stringify(message.params?.requestId));
    }
  }

  /** The one call in flight, when a server request arrives and that call is a model's or a View's. */
  private duringOf(frame: Frame, message: Message | undefined): Frame['during'] {
    if (frame.direction !== 'in' || typeof message?.method !== 'string' || message.method === 'ping') return;
    if (message.id === undefined || message.id === null || this.inFlight.size !== 1) return;
    const [call] = this.inFlight.values();
    return call?.origin ? { origin: call.origin, tool: call.tool } : undefined;
  }

  private originOf(direction: Frame['direction'], message: Message | undefined): FrameOrigin | undefined {
    if ((direction !== 'out' && direction !== 'in') || !message) return undefined;
    const hasId = message.id !== undefined && message.id !== null;
    if (typeof message.method !== 'string')
      return hasId && direction === 'in' ? this.byId.get(JSON.stringify(message.id)) : undefined;
    if (hasId) return direction === 'out' ? this.byId.get(JSON.stringify(message.id)) : undefined;
    const params = message.params ?? {};
    if (message.method === 'notifications/progress' && direction === 'in')
      return this.byProgressToken.get(JSON.stringify(params.progressToken));
    if (message.method === 'notifications/cancelled' && direction === 'out')
      return this.byId.get(JSON.stringify(params.requestId));
    return undefined;
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
}

/**
 * How a server request that arrived while a model's or a View's call was the only one in flight says so:
 * "during", never "asked by", for nothing in the request ties it to the call. The trace and the
 * server request's card both say it.
 */
export function duringText(during: NonNullable<Frame['during']>): string {
  return `during ${during.origin === 'model' ? "the model's" : "a View's"} call ${during.tool}`;
}
