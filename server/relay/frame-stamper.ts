import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Frame, FrameDirection, FrameHttp, FrameOrigin } from '#shared/bridge-protocol.ts';
import type { TextMask } from '../secrets/text-mask.ts';

/** A stamped frame and its JSON text, built once and reused by every reader (page, recording, viewers). */
export interface StampedFrame {
  frame: Frame;
  json: string;
}

/** Hears of every stamped frame, with its JSON text. */
export type FrameListener = (frame: Frame, json: string) => void;

/**
 * Stamps the frames of one connection: numbers them from 0 and gives them the bridge's time, then
 * hands each to its subscribers (the page, the recording writer, tests). It keeps no frame: a long
 * or busy connection would hold every message (20 MB ones included) for its whole life, and the
 * page's trace and the recording already keep them.
 *
 * A message's frame is written as JSON around the message's own text as it crossed the wire (a
 * stdio server's line, byte for byte): the bridge never serialises a message it relays a second time.
 * With a `mask` (a hosted catalog entry's secrets), the message is the masked one: parsed, masked
 * and written again when it may hold a masked text, for every reader at once.
 */
export class FrameStamper {
  private count = 0;
  private readonly listeners = new Set<FrameListener>();

  constructor(private readonly mask?: TextMask) {}

  /**
   * Stamps a JSON-RPC message; `text` is its JSON as it crossed the upstream transport, `http`
   * says what HTTP carried it (HTTP targets), `origin` who asked for the call it belongs to (the page says).
   */
  stampMessage(
    direction: FrameDirection,
    message: JSONRPCMessage,
    text: string,
    synthetic = false,
    http?: FrameHttp,
    origin?: FrameOrigin,
  ): StampedFrame {
    const seq = this.count++;
    const time = Date.now();
    // The size on the wire, before masking.
    const bytes = Buffer.byteLength(text);
    if (this.mask) {
      const masked = this.mask.maskJsonValue(text);
      if (masked.value !== undefined) {
        message = masked.value as JSONRPCMessage;
        text = masked.text;
      }
    }
    const frame: Frame = {
      seq,
      time,
      direction,
      bytes,
      message,
      ...(synthetic ? { synthetic } : {}),
      ...(http ? { http } : {}),
      ...(origin ? { origin } : {}),
    };
    const tail =
      `${synthetic ? ',"synthetic":true' : ''}${http ? `,"http":${JSON.stringify(http)}` : ''}` +
      `${origin ? `,"origin":${JSON.stringify(origin)}` : ''}`;
    const json = `{"seq":${seq},"time":${time},"direction":"${direction}","bytes":${bytes},"message":${text}${tail}}`;
    return this.tell(frame, json);
  }

  /** Stamps a line that could not be read as JSON-RPC. */
  stampBadFrame(direction: FrameDirection, raw: string, error: string, origin?: FrameOrigin): StampedFrame {
    const frame: Frame = {
      seq: this.count++,
      time: Date.now(),
      direction,
      raw: this.mask ? this.mask.maskString(raw) : raw,
      error,
      bytes: Buffer.byteLength(raw),
      ...(origin ? { origin } : {}),
    };
    return this.tell(frame, JSON.stringify(frame));
  }

  /** Frames stamped so far (the next frame's `seq`). */
  get size(): number {
    return this.count;
  }

  /** Calls `listener` for every new frame; returns the unsubscribe function. */
  subscribe(listener: FrameListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(frame: Frame, json: string): StampedFrame {
    for (const listener of this.listeners) listener(frame, json);
    return { frame, json };
  }
}
