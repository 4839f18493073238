import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Frame, FrameDirection } from '#shared/bridge-protocol.ts';

/**
 * Numbers the frames of one connection from 0, stamps them with the bridge's time and hands each
 * to its subscribers. It keeps no frame: a long or busy connection would hold every message (20 MB
 * ones included) for its whole life, and the page's trace and the recording already keep them.
 */
export class FrameRecorder {
  private count = 0;
  private readonly listeners = new Set<(frame: Frame) => void>();

  /** Records a JSON-RPC message. */
  recordMessage(direction: FrameDirection, message: JSONRPCMessage, bytes: number, synthetic = false): Frame {
    return this.push({ direction, message, bytes, ...(synthetic ? { synthetic } : {}) });
  }

  /** Records a frame that could not be read as JSON-RPC. */
  recordBadFrame(direction: FrameDirection, raw: string, error: string): Frame {
    return this.push({ direction, raw, error, bytes: Buffer.byteLength(raw) });
  }

  /** Frames so far (the next frame's `seq`). */
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
