import { randomUUID } from 'node:crypto';
import type { BridgeToClient, ClientToBridge, RefusedClientMessage } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { createUpstream } from '../upstream/open-upstream.ts';
import type { Upstream } from '../upstream/upstream.ts';
import { Relay } from '../relay/relay.ts';
import type { Recordings } from '../store/recordings.ts';
import type { LiveRecording } from '../store/live-recording.ts';

/** Where a session's messages to the browser go (a WebSocket in production, an array in tests). */
export type SessionSink = (message: BridgeToClient) => void;

/**
 * One browser tab's connection through the bridge: at most one upstream server at a time.
 * It owns the upstream, so closing the session always ends the server process.
 */
export class BridgeSession {
  readonly id = randomUUID();
  private upstream: Upstream | undefined;
  private relay: Relay | undefined;
  private sink: SessionSink | undefined;
  private recording: LiveRecording | undefined;
  private closed = false;

  /** `recordings`, when given, records every connection of this session. */
  constructor(
    sink: SessionSink,
    private readonly recordings?: Recordings,
  ) {
    this.sink = sink;
  }

  /** Handles one message from the browser, or says why it cannot. */
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
      case 'disconnect':
        await this.closeUpstream();
        return;
    }
  }

  /** Stops delivering to the browser (its socket went away) without closing the server. */
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
    const recording = this.recordings?.prepare(target);
    this.upstream = upstream;
    this.recording = recording;
    this.relay = new Relay(upstream, (message) => {
      if (recording && message.type === 'event') {
        recording.addEvent({ time: message.time, event: message.event });
        if (message.event.kind === 'closed') recording.end(message.time);
      }
      this.emit(message);
    });
    if (recording) this.relay.recorder.subscribe((frame) => recording.addFrame(frame));
    try {
      await upstream.start();
    } catch (error) {
      recording?.discard();
      if (this.upstream === upstream) {
        this.upstream = undefined;
        this.relay = undefined;
        this.recording = undefined;
      }
      this.emit({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    // Closed (or replaced) while starting: close() already closed this upstream and ended its recording.
    if (this.closed || this.upstream !== upstream) return;
    if (recording) this.recordings?.commit(recording, target);
    this.emit({
      type: 'ready',
      sessionId: this.id,
      ...(recording?.isLive && recording.isStored ? { recordingId: recording.id } : {}),
    });
  }

  private async closeUpstream(): Promise<void> {
    const upstream = this.upstream;
    const recording = this.recording;
    this.upstream = undefined;
    this.recording = undefined;
    if (upstream) await upstream.close();
    recording?.end(Date.now());
  }

  private emit(message: BridgeToClient): void {
    this.sink?.(message);
  }
}
