import { randomUUID } from 'node:crypto';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import {
  type BridgeToClient,
  type ClientToBridge,
  type FrameOrigin,
  type RefusedClientMessage,
} from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { MAX_CHAT_NOTE_BYTES, type ChatTurnNote } from '#shared/chat-protocol.ts';
import { isRecord } from '#shared/untrusted-json.ts';
import { createUpstream } from '../upstream/open-upstream.ts';
import type { OAuthCallbacks } from '../oauth/oauth-callbacks.ts';
import type { OAuthGuide } from '../oauth/oauth-guide.ts';
import type { Upstream } from '../upstream/upstream.ts';
import { Relay } from '../relay/relay.ts';
import { FrameStamper } from '../relay/frame-stamper.ts';
import type { TextMask } from '../secrets/text-mask.ts';
import type { RecordingWriter } from '../recordings/recording-writer.ts';
import type { RecordingNotice } from '../recordings/recording-hold.ts';
import {
  openAnyTarget,
  type AdmittedConnection,
  type ChannelPolicy,
  type ConnectRequest,
  type SendRefusal,
} from './channel-policy.ts';
import { connectionSignIn } from './connection-sign-in.ts';
import { IdleTimer } from './idle-timer.ts';
import { localAnswer } from './local-answer.ts';
import { pageDelivery } from './page-delivery.ts';

/**
 * Where a channel's messages to the page go (a WebSocket in production, an array in tests); `json`,
 * when given, is the message's JSON text already built.
 */
export type ChannelSink = (message: BridgeToClient, json?: string) => void;

/**
 * What a channel needs of the recordings: the RecordingLibrary itself, or hosted mode's wrapper
 * that notes whose each recording is. `owner` is the signed-in user the channel acts for.
 */
export interface ChannelRecordings {
  /**
   * `notify` hears, for the page, why the recording stopped early (a quota), or that it paused or
   * resumed; `masked` hides texts
   * the frames and events already come without (the page's view masked them).
   */
  prepare(
    target: ServerTarget,
    owner?: string,
    notify?: (notice: RecordingNotice) => void,
    masked?: TextMask,
  ): RecordingWriter;
  commit(writer: RecordingWriter, target: ServerTarget): void;
}

/** How a channel behaves beyond relaying (hosted mode); the single-user bridge passes none. */
export interface PageChannelOptions {
  /** The signed-in user this channel acts for; its recordings are theirs. */
  owner?: string;
  /** Decides what a connect opens and which requests are relayed; by default anything the page names. */
  policy?: ChannelPolicy;
  /** Ends a connection after `ms` without a frame either way (and no request waiting), telling the page `message`. */
  idle?: { ms: number; message: string };
}

/**
 * The bridge's end of one page's WebSocket: it relays to at most one connection (one upstream
 * server) at a time, and owns it, so closing the channel always ends the server process.
 */
export class PageChannel {
  readonly id = randomUUID();
  readonly owner: string | undefined;
  private upstream: Upstream | undefined;
  /**
   * Browser sign-in for this channel's HTTP connections. Each connection gets its own OAuth state
   * (tokens in its upstream's memory), so nothing is shared between connections or users.
   */
  oauth: OAuthCallbacks | undefined;
  private relay: Relay | undefined;
  /** Guided OAuth of the current connection, when the page asked for it. */
  private guide: OAuthGuide | undefined;
  private connection: AdmittedConnection | undefined;
  private sink: ChannelSink | undefined;
  private writer: RecordingWriter | undefined;
  private closed = false;
  /** Counts connects and disconnects, so a connect overtaken while it was being admitted gives up. */
  private generation = 0;
  private readonly policy: ChannelPolicy;
  private readonly idle: IdleTimer | undefined;

  /** `recordings`, when given, records every connection of this channel. */
  constructor(
    sink: ChannelSink,
    private readonly recordings?: ChannelRecordings,
    options: PageChannelOptions = {},
  ) {
    this.sink = sink;
    this.owner = options.owner;
    this.policy = options.policy ?? openAnyTarget;
    if (options.idle) {
      const { ms, message } = options.idle;
      this.idle = new IdleTimer(
        ms,
        () => (this.relay?.pendingCount ?? 0) > 0,
        () => this.closeIdle(message),
      );
    }
  }

  /**
   * Handles one message from the page, or says why it cannot. `text`, for a `send`, is its
   * message's JSON when it was already written (a large text, by the worker that read it).
   */
  async handle(message: ClientToBridge | RefusedClientMessage, text?: string): Promise<void> {
    switch (message.type) {
      case 'refused':
        if (message.connect) {
          // The page waits for its connect to be answered; the old connection ends as for any connect.
          this.generation++;
          await this.closeUpstream();
          this.emit({ type: 'failed', error: message.error });
        } else this.emitError(`Bad message from browser: ${message.error}`);
        return;
      case 'connect':
        await this.connect(message);
        return;
      case 'send': {
        if (!this.relay) return this.emitError('Not connected to a server');
        const refusal = this.policy.screen?.(message.message);
        if (refusal) return this.answerLocally(message.message, refusal, undefined, message.origin);
        await this.relay.send(message.message, message.origin, text);
        return;
      }
      case 'cancel':
        this.relay?.cancel(message.id);
        return;
      case 'protocol-version':
        this.upstream?.setProtocolVersion?.(message.version);
        return;
      case 'oauth-next':
        this.guide?.next();
        return;
      case 'oauth-clear-tokens': {
        const target = this.connection?.target;
        if (target && target.transport !== 'stdio') this.oauth?.tokens?.forget(target.url);
        return;
      }
      case 'disconnect':
        this.generation++;
        await this.closeUpstream();
        return;
      case 'chat-turn':
        // Kept in the recording only: the page has the chat already, so nothing is sent back.
        this.writer?.addEvent({
          time: Date.now(),
          event: { kind: 'chat-turn', note: keptNote(message.note) },
        });
        return;
    }
  }

  /** Answers a message from the page with a JSON-RPC error instead of relaying it (see {@link localAnswer}). */
  answerLocally(
    message: JSONRPCMessage,
    refusal: SendRefusal,
    placeholder?: string,
    origin?: FrameOrigin,
  ): void {
    if (!this.relay) return this.emitError(refusal.message);
    const { sent, answer } = localAnswer(this.relay.stamper, message, refusal, placeholder, origin);
    this.emit(sent);
    if (answer) this.emit(answer.message, answer.json);
    else this.emitError(refusal.message);
  }

  /** Stops delivering to the page (its socket went away) without closing the server. */
  detach(): void {
    this.sink = undefined;
  }

  /** Closes the upstream server, if any, for good: a connect still under way stops. */
  async close(): Promise<void> {
    this.closed = true;
    this.sink = undefined;
    await this.closeUpstream();
  }

  /** Ends the current connection, if any, and tells the page why (its user or an admin asked). */
  async disconnect(reason: string): Promise<void> {
    this.generation++;
    if (this.upstream) this.emitError(reason, true);
    await this.closeUpstream();
  }

  /** The relay of the current upstream, for inspection (frame counts, pending requests). */
  get currentRelay(): Relay | undefined {
    return this.relay;
  }

  get currentUpstream(): Upstream | undefined {
    return this.upstream;
  }

  /** The target of the current connection (secrets included: never show it as it is). */
  get currentTarget(): ServerTarget | undefined {
    return this.upstream ? this.connection?.target : undefined;
  }

  /** The connect message was checked (shared/bridge-protocol.ts); the policy decides what it opens. */
  private async connect(request: ConnectRequest): Promise<void> {
    const generation = ++this.generation;
    await this.closeUpstream();
    // Closed while the previous server was closing: start nothing new.
    if (this.closed) return;
    const admission = await this.policy.admit(request, this.id);
    if (!admission.ok) {
      const { error, limit } = admission;
      if (generation === this.generation) this.emit({ type: 'failed', error, ...(limit ? { limit } : {}) });
      return;
    }
    const connection = once(admission.connection);
    // Closed, or overtaken by a later connect or disconnect, while being admitted.
    if (this.closed || generation !== this.generation) return connection.ended('Connection replaced');
    while (this.upstream) await this.closeUpstream();
    if (this.closed || generation !== this.generation) return connection.ended('Connection replaced');
    const target = connection.target;
    const signIn = connectionSignIn(this.oauth, request, target, connection.upstream, this.owner);
    this.guide = signIn.guide;
    const upstream = createUpstream(target, signIn.upstream);
    const view = connection.view;
    const writer = this.recordings?.prepare(
      target,
      this.owner,
      (event) => this.emit({ type: 'event', event, time: Date.now() }),
      view?.frameMask,
    );
    this.upstream = upstream;
    this.connection = connection;
    this.writer = writer;
    const deliver = pageDelivery(view, writer, (message, json) => this.emit(message, json));
    const relay = new Relay(
      upstream,
      (sent, sentJson) => {
        if (sent.type === 'event' && sent.event.kind === 'closed') {
          // A server that never got ready (its program missing) closes before start() fails: say why.
          connection.ended(sent.event.reason);
          if (this.relay === relay) this.idle?.stop();
        }
        deliver(sent, sentJson);
      },
      new FrameStamper(view?.frameMask),
    );
    this.relay = relay;
    if (writer) relay.stamper.subscribe((frame, json) => writer.addFrame(frame, json));
    if (this.idle) relay.stamper.subscribe(() => this.idle?.touch());
    try {
      await upstream.start();
    } catch (error) {
      writer?.discard();
      const message = error instanceof Error ? error.message : String(error);
      connection.ended(message);
      if (this.upstream === upstream) {
        this.upstream = undefined;
        this.relay = undefined;
        this.writer = undefined;
        this.connection = undefined;
      }
      const failed: BridgeToClient = { type: 'failed', error: message };
      const shown = view ? view.toPage(failed) : { message: failed };
      if (shown) this.emit(shown.message, shown.json);
      return;
    }
    // Closed (or replaced) while starting: close() already closed this upstream and ended its recording.
    if (this.closed || this.upstream !== upstream) return;
    if (writer) this.recordings?.commit(writer, view?.recordedTarget ?? target);
    const recordingId = writer?.isLive && writer.isStored ? writer.id : undefined;
    connection.opened?.(relay.stamper, recordingId);
    this.idle?.touch();
    this.emit({ type: 'ready', channelId: this.id, ...(recordingId ? { recordingId } : {}) });
  }

  private async closeUpstream(): Promise<void> {
    const upstream = this.upstream;
    const writer = this.writer;
    const connection = this.connection;
    this.upstream = undefined;
    this.writer = undefined;
    this.connection = undefined;
    this.idle?.stop();
    this.guide?.stop();
    this.guide = undefined;
    if (upstream) await upstream.close();
    writer?.end(Date.now());
    connection?.ended();
  }

  private closeIdle(message: string): void {
    if (!this.upstream) return;
    this.emitError(message, true);
    this.generation++;
    void this.closeUpstream();
  }

  /** `ends`: this is why the connection is being ended (the page shows it as the close reason). */
  private emitError(message: string, ends?: true): void {
    this.emit({
      type: 'event',
      event: { kind: 'error', message, ...(ends ? { ends } : {}) },
      time: Date.now(),
    });
  }

  private emit(message: BridgeToClient, json?: string): void {
    this.sink?.(message, json);
  }
}

/** The connection with an `ended` that acts only the first time. */
function once(connection: AdmittedConnection): AdmittedConnection {
  let ended = false;
  return {
    ...connection,
    opened: connection.opened?.bind(connection),
    ended(error) {
      if (ended) return;
      ended = true;
      connection.ended(error);
    },
  };
}

/** The note as a recording keeps it: whole, or without the provider requests' bodies when too large. */
function keptNote(note: ChatTurnNote): ChatTurnNote {
  if (JSON.stringify(note).length <= MAX_CHAT_NOTE_BYTES) return note;
  const turn = isRecord(note.turn) ? { ...note.turn, steps: [] } : {};
  return { ...note, turn, trimmed: true };
}
