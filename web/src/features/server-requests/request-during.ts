import type { Frame } from '#shared/bridge-protocol.ts';

/** The model's or View's call a server request arrived during (inferred; see `CallOrigins`). */
export type RequestDuring = NonNullable<Frame['during']>;

/** How far back from the newest frame a request's own frame is looked for. */
const LOOK_BACK = 500;

/**
 * The `during` mark the trace put on a server request, found by its JSON-RPC id and method. The
 * request's frame enters the trace before the client handles the request, so it is among the newest
 * frames; older ones are not searched.
 */
export function duringOfRequest(
  frames: readonly Frame[],
  requestId: string | number,
  method: string,
): RequestDuring | undefined {
  const stop = Math.max(frames.length - LOOK_BACK, 0);
  for (let index = frames.length - 1; index >= stop; index--) {
    const frame = frames[index]!;
    const message = frame.message as { id?: unknown; method?: unknown } | undefined;
    if (frame.direction === 'in' && message?.id === requestId && message.method === method)
      return frame.during;
  }
  return undefined;
}
