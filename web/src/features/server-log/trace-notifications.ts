import type { TraceLog } from '#client/trace/trace-log.ts';

/** A notification the server sent, as the trace holds it. */
export interface IncomingNotification {
  method: string;
  params: unknown;
  /** When the bridge saw the frame. */
  time: number;
}

/**
 * Calls `onNotification` for every notification the server sent, from the trace and in order,
 * starting with those already in the trace. Reading the trace never competes with the handlers that
 * other parts of the client register. Returns the unsubscribe function.
 */
export function watchIncomingNotifications(
  trace: TraceLog,
  onNotification: (notification: IncomingNotification) => void,
): () => void {
  let frames = trace.get().frames;
  let seen = 0;
  const catchUp = () => {
    const snapshot = trace.get();
    // TraceLog.clear() starts a new array: start over from its beginning.
    if (snapshot.frames !== frames) {
      frames = snapshot.frames;
      seen = 0;
    }
    for (; seen < frames.length; seen++) {
      const frame = frames[seen]!;
      const message = frame.message as { method?: unknown; params?: unknown } | undefined;
      if (frame.direction !== 'in' || !message || 'id' in message || typeof message.method !== 'string')
        continue;
      onNotification({ method: message.method, params: message.params, time: frame.time });
    }
  };
  catchUp();
  return trace.subscribe(catchUp);
}
