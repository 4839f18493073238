import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  LIVE_EVENTS_PARAM,
  LIVE_FRAMES_PARAM,
  LIVE_SUFFIX,
  SHARED_API_PREFIX,
  type LiveMessage,
  type RecordingSummary,
} from '#shared/recordings.ts';
import type { LiveStart } from '../recordings/live-feed.ts';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
import { StoreUnavailableError } from '../recordings/store-health.ts';
import type { Refusal } from './access-guard.ts';

/** A viewer this far behind (bytes queued on its socket) is cut off rather than buffered without end. */
const MAX_VIEWER_BACKLOG = 64 * 1024 * 1024;
/** Most viewers of one recording at a time. */
export const MAX_VIEWERS = 50;

/**
 * "Watch live": a read-only WebSocket at /api/shared/<shareId>/live. It first sends what the
 * viewer does not have yet (frames and events after the counts it names), then every new frame
 * and event as the bridge records it, then `ended`. Viewers can send nothing.
 */
export class LiveViewerEndpoint {
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });

  constructor(
    private readonly recordings: RecordingLibrary | undefined,
    private readonly checkSite: (request: IncomingMessage) => Refusal | undefined,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** The share id in a live path, or undefined when `pathname` is not one. */
  static shareIdOf(pathname: string): string | undefined {
    if (!pathname.startsWith(SHARED_API_PREFIX) || !pathname.endsWith(LIVE_SUFFIX)) return undefined;
    return pathname.slice(SHARED_API_PREFIX.length, -LIVE_SUFFIX.length);
  }

  /**
   * Accepts or refuses an upgrade whose path {@link shareIdOf} recognised. A foreign site is refused
   * at once (returned); the share link is then looked up in the store, which may take a round trip,
   * and a refusal found there is written to the socket here.
   */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, shareId: string): Refusal | undefined {
    const refusal = this.checkSite(request);
    if (refusal) return refusal;
    void this.accept(request, socket, head, shareId).then((late) => {
      if (!late) return;
      this.log(`Refused WebSocket: ${late.reason}`);
      socket.end(`HTTP/1.1 ${late.status} ${STATUS_CODES[late.status] ?? ''}\r\nConnection: close\r\n\r\n`);
    });
    return undefined;
  }

  private async accept(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    shareId: string,
  ): Promise<Refusal | undefined> {
    const recordings = this.recordings;
    let recording;
    try {
      recording = await recordings?.findShared(shareId);
    } catch (error) {
      // The store is unreadable (I/O error, locked, corrupt, unreachable): refuse this viewer, keep the bridge.
      const explained = await recordings?.explain(error);
      if (explained instanceof StoreUnavailableError) return { status: 503, reason: explained.message };
      return { status: 500, reason: `Cannot read recordings: ${(error as Error).message}` };
    }
    if (!recordings || !recording) return { status: 403, reason: 'Unknown or withdrawn share link' };
    if (recordings.viewerCount(recording.id) >= MAX_VIEWERS)
      return { status: 503, reason: `This recording already has ${MAX_VIEWERS} viewers` };
    if (socket.destroyed) return undefined;
    const url = new URL(request.url ?? '/', 'http://bridge.invalid');
    const start = {
      seq: count(url.searchParams.get(LIVE_FRAMES_PARAM)),
      index: count(url.searchParams.get(LIVE_EVENTS_PARAM)),
    };
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.serve(ws, recordings, recording, shareId, start).catch(() => {
        ws.close(1011, 'Cannot read the recording');
      });
    });
    return undefined;
  }

  private async serve(
    ws: WebSocket,
    recordings: RecordingLibrary,
    recording: RecordingSummary,
    shareId: string,
    start: LiveStart,
  ): Promise<void> {
    const feed: { stop?: () => void; closed?: boolean } = {};
    const send = (message: LiveMessage, text = JSON.stringify(message)): void => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_VIEWER_BACKLOG) {
        ws.terminate();
        return;
      }
      ws.send(text);
      if (message.type === 'ended')
        ws.close(1000, message.reason === 'closed' ? 'Recording ended' : `Recording ${message.reason}`);
    };
    ws.on('error', () => ws.terminate());
    ws.on('message', () => ws.close(1008, 'Viewers are read-only'));
    ws.on('close', () => {
      feed.closed = true;
      feed.stop?.();
    });
    feed.stop = await recordings.follow(recording, shareId, start, send);
    if (feed.closed) feed.stop();
  }
}

function count(value: string | null): number {
  const n = Number(value ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}
