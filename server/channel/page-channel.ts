import { randomUUID } from 'node:crypto';
import type { BridgeToClient, ClientToBridge, RefusedClientMessage } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { createUpstream } from '../upstream/open-upstream.ts';
import type { Upstream } from '../upstream/upstream.ts';
import { Relay } from '../relay/relay.ts';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
import type { RecordingWriter } from '../recordings/recording-writer.ts';

/**
 * Where a channel's messages to the page go (a WebSocket in production, an array in tests); `json`,
 * when given, is the message's JSON text already built.
 */
export type ChannelSink = (message: BridgeToClient, json?: string) => void;

/**
 * The bridge's end of one page's WebSocket: it relays to at most one connection (one upstream
 * server) at a time, and owns it, so closing the channel always ends the server process.
 */
export class PageChannel {
  readonly id = randomUUID();
  private upstream: Upstream | undefined;
  private relay: Relay | undefined;
  private sink: ChannelSink | undefined;
  private writer: RecordingWriter | undefined;
  private closed = false;

  /** `recordings`, when given, records every connection of this channel. */
  constructor(
    sink: ChannelSink,
    private readonly recordings?: RecordingLibrary,
  ) {
    this.sink = sink;
  }

  /** Handles one message from the page, or says why it cannot. */
  async handle(message: ClientToBridge | RefusedClientMessage): Promise<void> {
    switch (message.type) {
      case 'refused':
        if (message.connect) {
          // The page waits for its connect to be answered; the old connection ends as for any connect.
          await this.closeUpstream();
          this.emit({ type: 'failed', error: message.error });
        } else
          this.emit({
            type: 'event',
            event: { kind: 'error', message: `Bad message from browser: ${message.error}` },
            time: Date.now(),
          });
        return;
      case 'connect':
        await this.connect(message.target);
        return;
      case 'send':
        if (this.relay) await this.relay.send(message.message);
        else
          this.emit({
            type: 'event',
            event: { kind: 'error', message: 'Not connected to a server' },
            time: Date.now(),
          });
        return;
      case 'cancel':
        this.relay?.cancel(message.id);
        return;
      case 'protocol-version':
        this.upstream?.setProtocolVersion?.(message.version);
        return;
      case 'disconnect':
        await this.closeUpstream();
        return;
    }
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

  /** The relay of the current upstream, for inspection (frame counts, pending requests). */
  get currentRelay(): Relay | undefined {
    return this.relay;
  }

  get currentUpstream(): Upstream | undefined {
    return this.upstream;
  }

  /** `target` was checked with the message (shared/bridge-protocol.ts): it can be opened. */
  private async connect(target: ServerTarget): Promise<void> {
    await this.closeUpstream();
    // Closed while the previous server was closing: start nothing new.
    if (this.closed) return;
    const upstream = createUpstream(target);
    const writer = this.recordings?.prepare(target);
    this.upstream = upstream;
    this.writer = writer;
    this.relay = new Relay(upstream, (message, json) => {
      if (writer && message.type === 'event') {
        writer.addEvent({ time: message.time, event: message.event });
        if (message.event.kind === 'closed') writer.end(message.time);
      }
      this.emit(message, json);
    });
    if (writer) this.relay.stamper.subscribe((frame, json) => writer.addFrame(frame, json));
    try {
      await upstream.start();
    } catch (error) {
      writer?.discard();
      if (this.upstream === upstream) {
        this.upstream = undefined;
        this.relay = undefined;
        this.writer = undefined;
      }
      this.emit({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    // Closed (or replaced) while starting: close() already closed this upstream and ended its recording.
    if (this.closed || this.upstream !== upstream) return;
    if (writer) this.recordings?.commit(writer, target);
    this.emit({
      type: 'ready',
      channelId: this.id,
      ...(writer?.isLive && writer.isStored ? { recordingId: writer.id } : {}),
    });
  }

  private async closeUpstream(): Promise<void> {
    const upstream = this.upstream;
    const writer = this.writer;
    this.upstream = undefined;
    this.writer = undefined;
    if (upstream) await upstream.close();
    writer?.end(Date.now());
  }

  private emit(message: BridgeToClient, json?: string): void {
    this.sink?.(message, json);
  }
}
