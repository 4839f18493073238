import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  LIVE_EVENTS_PARAM,
  LIVE_FRAMES_PARAM,
  LIVE_SUFFIX,
  SHARED_API_PREFIX,
  type LiveMessage,
} from '#shared/recordings.ts';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
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
  ) {}

  /** The share id in a live path, or undefined when `pathname` is not one. */
  static shareIdOf(pathname: string): string | undefined {
    if (!pathname.startsWith(SHARED_API_PREFIX) || !pathname.endsWith(LIVE_SUFFIX)) return undefined;
    return pathname.slice(SHARED_API_PREFIX.length, -LIVE_SUFFIX.length);
  }

  /** Accepts or refuses an upgrade whose path {@link shareIdOf} recognised. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, shareId: string): Refusal | undefined {
    const refusal = this.checkSite(request);
    if (refusal) return refusal;
    let recording;
    try {
      recording = this.recordings?.findShared(shareId);
    } catch (error) {
      // The file is unreadable (I/O error, locked, corrupt): refuse this viewer, keep the bridge.
      return { status: 500, reason: `Cannot read recordings: ${(error as Error).message}` };
    }
    if (!recording) return { status: 403, reason: 'Unknown or withdrawn share link' };
    if ((this.recordings?.writerOf(recording.id)?.viewerCount ?? 0) >= MAX_VIEWERS)
      return { status: 503, reason: `This recording already has ${MAX_VIEWERS} viewers` };
    const url = new URL(request.url ?? '/', 'http://bridge.invalid');
    const frames = count(url.searchParams.get(LIVE_FRAMES_PARAM));
    const events = count(url.searchParams.get(LIVE_EVENTS_PARAM));
    const id = recording.id;
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      try {
        this.serve(ws, id, frames, events);
      } catch {
        ws.close(1011, 'Cannot read the recording');
      }
    });
    return undefined;
  }

  private serve(ws: WebSocket, recordingId: string, fromSeq: number, fromIndex: number): void {
    const recordings = this.recordings!;
    const send = (message: LiveMessage, text = JSON.stringify(message)): void => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_VIEWER_BACKLOG) {
        ws.terminate();
        return;
      }
      ws.send(text);
    };
    ws.on('error', () => ws.terminate());
    ws.on('message', () => ws.close(1008, 'Viewers are read-only'));
    // Catch up and subscribe in one tick, so no frame falls between the two.
    const { frames, events } = recordings.tail(recordingId, fromSeq, fromIndex);
    for (const frame of frames) send({ type: 'frame', frame });
    for (const entry of events) send({ type: 'event', entry });
    const live = recordings.writerOf(recordingId);
    if (!live) {
      const endedAt = recordings.get(recordingId)?.endedAt ?? Date.now();
      send({ type: 'ended', reason: 'closed', endedAt });
      ws.close(1000, 'Recording ended');
      return;
    }
    const unsubscribe = live.subscribe((message, text) => {
      send(message, text);
      if (message.type === 'ended') ws.close(1000, `Recording ${message.reason}`);
    });
    ws.on('close', unsubscribe);
  }
}

function count(value: string | null): number {
  const n = Number(value ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}
