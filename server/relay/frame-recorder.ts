import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Frame, FrameDirection } from '#shared/bridge-protocol.ts';

/** Keeps every frame of one session in order, numbered from 0, with the bridge's timestamps. */
export class FrameRecorder {
  private readonly frames: Frame[] = [];
  private readonly listeners = new Set<(frame: Frame) => void>();

  /** Records a JSON-RPC message. */
  recordMessage(direction: FrameDirection, message: JSONRPCMessage, bytes: number, synthetic = false): Frame {
    return this.push({ direction, message, bytes, ...(synthetic ? { synthetic } : {}) });
  }

  /** Records a frame that could not be read as JSON-RPC. */
  recordBadFrame(direction: FrameDirection, raw: string, error: string): Frame {
    return this.push({ direction, raw, error, bytes: Buffer.byteLength(raw) });
  }

  /** All frames so far (read-only view). */
  all(): readonly Frame[] {
    return this.frames;
  }

  get size(): number {
    return this.frames.length;
  }

  /** Calls `listener` for every new frame; returns the unsubscribe function. */
  subscribe(listener: (frame: Frame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private push(partial: Omit<Frame, 'seq' | 'time'>): Frame {
    const frame: Frame = { seq: this.frames.length, time: Date.now(), ...partial };
    this.frames.push(frame);
    for (const listener of this.listeners) listener(frame);
    return frame;
  }
}
