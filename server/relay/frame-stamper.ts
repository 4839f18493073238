import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Frame, FrameDirection, FrameHttp } from '#shared/bridge-protocol.ts';

/**
 * Stamps the frames of one connection: numbers them from 0 and gives them the bridge's time, then
 * hands each to its subscribers (the page, the recording writer, tests). It keeps no frame: a long
 * or busy connection would hold every message (20 MB ones included) for its whole life, and the
 * page's trace and the recording already keep them.
 */
export class FrameStamper {
  private count = 0;
  private readonly listeners = new Set<(frame: Frame) => void>();

  /** Stamps a JSON-RPC message; `http` says what HTTP carried it (HTTP targets). */
  stampMessage(
    direction: FrameDirection,
    message: JSONRPCMessage,
    bytes: number,
    synthetic = false,
    http?: FrameHttp,
  ): Frame {
    return this.push({
      direction,
      message,
      bytes,
      ...(synthetic ? { synthetic } : {}),
      ...(http ? { http } : {}),
    });
  }

  /** Stamps a line that could not be read as JSON-RPC. */
  stampBadFrame(direction: FrameDirection, raw: string, error: string): Frame {
    return this.push({ direction, raw, error, bytes: Buffer.byteLength(raw) });
  }

  /** Frames stamped so far (the next frame's `seq`). */
  get size(): number {
    return this.count;
  }

  /** Calls `listener` for every new frame; returns the unsubscribe function. */
  subscribe(listener: (frame: Frame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private push(partial: Omit<Frame, 'seq' | 'time'>): Frame {
    const frame: Frame = { seq: this.count++, time: Date.now(), ...partial };
    for (const listener of this.listeners) listener(frame);
    return frame;
  }
}
