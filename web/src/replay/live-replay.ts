import type { Frame, TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import {
  LIVE_EVENTS_PARAM,
  LIVE_FRAMES_PARAM,
  LIVE_SUFFIX,
  SHARED_API_PREFIX,
  liveMessageSchema,
  type LiveMessage,
} from '#shared/recordings.ts';
import { checkUntrusted, parseJsonText } from '#shared/untrusted-json.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { Store } from '#client/lib/store.ts';
import type { CallHistory } from '../calls/call-history.ts';
import type { ReplayBuilder } from './replay-builder.ts';
import type { CallOrigins } from '#client/session/call-origins.ts';

export interface LiveReplayState {
  /**
   * `live`: new frames arrive as they happen; `paused`: the bridge cannot write the recording for
   * now (what is shown may not be kept); `reconnecting`: the socket dropped, retrying;
   * `refused`: the bridge refuses this page's address (`detail` says which setting to change).
   */
  status: 'connecting' | 'live' | 'paused' | 'reconnecting' | 'ended' | 'refused';
  /** Why it ended, is paused, is reconnecting, or is refused. */
  detail?: string;
  /** Set once part of the recording could not be kept: the bridge's words for what is missing. */
  interrupted?: string;
}

/** Tries to get the live socket back this many times before giving up. */
const MAX_RETRIES = 20;
const RETRY_MS = 2000;

/**
 * "Watch live": keeps a shared replay up to date from the bridge's live socket. Frames go into the
 * trace as they come; the calls, tools and server are rebuilt incrementally and published at
 * most once per batch. Viewers only listen; nothing is ever sent to the server.
 */
export class LiveReplay extends Store<LiveReplayState> {
  private socket: WebSocket | undefined;
  private frameCount: number;
  private eventCount: number;
  private retries = 0;
  private publishScheduled = false;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly shareId: string,
    private readonly targets: {
      session: McpSession;
      history: CallHistory;
      builder: ReplayBuilder;
      /** Marks new frames with their call's origin, going on from the recording's first part. */
      origins?: CallOrigins;
    },
    counts: { frames: number; events: number },
    private readonly options: {
      createSocket?: (url: string) => WebSocket;
      schedule?: (run: () => void) => void;
      origin?: string;
      /**
       * Asked when a socket closes without ever opening: why the bridge refuses this page (its
       * address), or undefined. A browser says nothing about a refused WebSocket, so without this
       * a page at a name the bridge does not allow would try again for ever.
       */
      whyRefused?: () => Promise<string | undefined>;
    } = {},
  ) {
    super({ status: 'connecting' });
    this.frameCount = counts.frames;
    this.eventCount = counts.events;
  }

  /** Opens the live socket. */
  start(): void {
    if (this.stopped) return;
    const origin = new URL(this.options.origin ?? window.location.origin);
    const protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
    const url =
      `${protocol}//${origin.host}${SHARED_API_PREFIX}${encodeURIComponent(this.shareId)}${LIVE_SUFFIX}` +
      `?${LIVE_FRAMES_PARAM}=${this.frameCount}&${LIVE_EVENTS_PARAM}=${this.eventCount}`;
    const socket = (this.options.createSocket ?? ((address) => new WebSocket(address)))(url);
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.retries = 0;
      this.update({ status: 'live', detail: undefined });
    };
    socket.onmessage = (event) => {
      const json = parseJsonText(String(event.data));
      const message = json.ok ? checkUntrusted(liveMessageSchema, json.value) : json;
      // A malformed message is skipped; the next one may be fine.
      if (message.ok) this.receive(message.value as LiveMessage);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.stopped || this.get().status === 'ended') return;
      if (!opened && this.options.whyRefused) return void this.askWhy(this.options.whyRefused);
      this.retry();
    };
  }

  /** The socket never opened: a refusal for this page's address ends the watch; anything else is retried. */
  private async askWhy(whyRefused: () => Promise<string | undefined>): Promise<void> {
    const reason = await whyRefused().catch(() => undefined);
    if (this.stopped) return;
    if (reason) this.update({ status: 'refused', detail: reason });
    else this.retry();
  }

  private retry(): void {
    if (++this.retries > MAX_RETRIES) {
      this.update({ status: 'ended', detail: 'Lost the live connection to the bridge' });
      return;
    }
    this.update({ status: 'reconnecting', detail: 'The live connection dropped; trying again' });
    this.retryTimer = setTimeout(() => this.start(), RETRY_MS);
  }

  /** Closes the socket for good. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.socket?.close();
  }

  private receive(message: LiveMessage): void {
    switch (message.type) {
      case 'frame':
        this.addFrame(message.frame);
        return;
      case 'event':
        this.addEvent(message.entry);
        return;
      case 'paused':
        this.update({ status: 'paused', detail: message.reason });
        return;
      case 'resumed':
        this.update({
          status: 'live',
          detail: undefined,
          ...(message.detail ? { interrupted: message.detail } : {}),
        });
        return;
      case 'ended':
        this.update({
          status: 'ended',
          detail:
            message.reason === 'closed'
              ? `The connection ended ${new Date(message.endedAt).toLocaleString()}`
              : message.reason === 'deleted'
                ? 'The recording was deleted'
                : 'Sharing was stopped',
        });
        this.stop();
        return;
    }
  }

  private addFrame(frame: Frame): void {
    // Catch-up after a reconnect may repeat what arrived just before the drop.
    if (frame.seq < this.frameCount) return;
    this.frameCount = frame.seq + 1;
    const marked = this.targets.origins?.mark(frame) ?? frame;
    this.targets.session.trace.append(marked);
    this.targets.builder.add(marked);
    this.schedulePublish();
  }

  private addEvent(entry: TimedBridgeEvent): void {
    this.eventCount++;
    this.targets.session.state.update((state) => ({ log: [...state.log, entry] }));
  }

  private schedulePublish(): void {
    if (this.publishScheduled) return;
    this.publishScheduled = true;
    (this.options.schedule ?? ((run) => requestAnimationFrame(() => run())))(() => {
      this.publishScheduled = false;
      const { session, history, builder } = this.targets;
      session.state.update({ server: builder.server, tools: builder.tools });
      history.follow(builder.calls);
    });
  }
}
