import type { LiveMessage } from '#shared/recordings.ts';
import type { RecordingStore } from './recording-store.ts';
import type { RecordingWriter } from './recording-writer.ts';
import { PAUSED_FOR_VIEWERS } from './recording-hold.ts';

/** Gets each message for one viewer, in order; `text` is its JSON when already built (and scrubbed). */
export type LiveSend = (message: LiveMessage, text?: string) => void;

/** How often a viewer of a recording written by another bridge looks for news when no notification came. */
export const REMOTE_POLL_MS = 2000;

/** Where a viewer starts: the frames from `seq` and the events from `index` on are what it lacks. */
export interface LiveStart {
  seq: number;
  index: number;
}

/**
 * Sends a viewer what it lacks of a recording this process is writing, then every new frame and
 * event as `writer` records it. It subscribes before reading the store, so nothing falls between the
 * two; what the store and the subscription both had is sent once (frames by seq, events by index).
 * Resolves to the unsubscribe function.
 */
export async function followWriter(
  store: RecordingStore,
  writer: RecordingWriter,
  start: LiveStart,
  send: LiveSend,
): Promise<() => void> {
  const early: [LiveMessage, string][] = [];
  let deliver = (message: LiveMessage, text: string): void => void early.push([message, text]);
  let toldEvents = writer.eventCount;
  const unsubscribe = writer.subscribe((message, text) => deliver(message, text));
  await writer.flush();
  const frames = await store.frames(writer.id, start.seq);
  const events = await store.events(writer.id, start.index);
  let nextSeq = start.seq;
  for (const frame of frames) {
    send({ type: 'frame', frame });
    nextSeq = frame.seq + 1;
  }
  for (const entry of events) send({ type: 'event', entry });
  let nextIndex = start.index + events.length;
  deliver = (message, text) => {
    if (message.type === 'frame') {
      if (message.frame.seq < nextSeq) return;
      nextSeq = message.frame.seq + 1;
    } else if (message.type === 'event') {
      const index = toldEvents++;
      if (index < nextIndex) return;
      nextIndex = index + 1;
    }
    send(message, text);
  };
  for (const [message, text] of early.splice(0)) deliver(message, text);
  return unsubscribe;
}

/**
 * Follows a recording that another bridge writes into a shared store: sends what the viewer lacks,
 * then reads on from the last frame's seq and event's index whenever the store says the recording
 * changed (and every {@link REMOTE_POLL_MS} besides), until it ended, was deleted or its link
 * `shareId` was withdrawn. Resolves to the stop function.
 */
export async function followStored(
  store: RecordingStore,
  recordingId: string,
  shareId: string,
  start: LiveStart,
  send: LiveSend,
  log: (line: string) => void,
): Promise<() => void> {
  let next = { ...start };
  let stopped = false;
  let running = false;
  let again = false;
  /** Set while the store does not answer: the viewer was told, and is told again when it does. */
  let paused = false;
  const stop = (): void => {
    stopped = true;
    unwatch();
    clearInterval(timer);
  };
  /** Reads once; true when the viewer got `ended`. The summary first: once it says ended, the tail read after it is complete. */
  const step = async (): Promise<boolean> => {
    const summary = await store.get(recordingId);
    const frames = await store.frames(recordingId, next.seq);
    const events = await store.events(recordingId, next.index);
    if (stopped) return true;
    if (paused) {
      paused = false;
      send({ type: 'resumed' });
    }
    for (const frame of frames) {
      send({ type: 'frame', frame });
      next.seq = frame.seq + 1;
    }
    for (const entry of events) send({ type: 'event', entry });
    next = { ...next, index: next.index + events.length };
    const ended = !summary
      ? ({ reason: 'deleted', endedAt: Date.now() } as const)
      : summary.shareId !== shareId
        ? ({ reason: 'unshared', endedAt: Date.now() } as const)
        : summary.endedAt !== undefined
          ? ({ reason: 'closed', endedAt: summary.endedAt } as const)
          : undefined;
    if (ended) send({ type: 'ended', ...ended });
    return ended !== undefined;
  };
  const pump = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (await step()) stop();
      } while (again && !stopped);
    } catch (error) {
      // The store is unreachable for now: the next notification or poll tries again.
      if (!paused && !stopped) {
        paused = true;
        log(`Live viewer of ${recordingId}: ${(error as Error).message}`);
        send({ type: 'paused', reason: PAUSED_FOR_VIEWERS });
      }
    } finally {
      running = false;
    }
  };
  const unwatch = store.watch((changed) => {
    if (changed === recordingId || changed === '*') void pump();
  });
  const timer = setInterval(() => void pump(), REMOTE_POLL_MS);
  timer.unref();
  await pump();
  return stop;
}
