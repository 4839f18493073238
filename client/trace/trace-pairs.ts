import type { Frame } from '#shared/bridge-protocol.ts';

/** A request and its response, matched by JSON-RPC id and direction. */
export interface FramePair {
  requestSeq: number;
  responseSeq: number;
  latencyMs: number;
}

/**
 * Matches requests with responses as frames arrive (requests from either side: the client's
 * tools/call and the server's sampling requests). O(1) per frame, so it keeps up with bursts.
 */
export class TracePairs {
  private readonly open = new Map<string, Frame>();
  private readonly bySeq = new Map<number, FramePair>();

  add(frame: Frame): void {
    const message = frame.message as { id?: unknown; method?: unknown } | undefined;
    if (!message || message.id === undefined || message.id === null) return;
    const id = JSON.stringify(message.id);
    if (typeof message.method === 'string') {
      this.open.set(`${frame.direction}:${id}`, frame);
      return;
    }
    const requestDirection = frame.direction === 'in' ? 'out' : 'in';
    const key = `${requestDirection}:${id}`;
    const request = this.open.get(key);
    if (!request) return;
    this.open.delete(key);
    const pair = { requestSeq: request.seq, responseSeq: frame.seq, latencyMs: frame.time - request.time };
    this.bySeq.set(request.seq, pair);
    this.bySeq.set(frame.seq, pair);
  }

  /** The pair a frame belongs to, if it is a request or response that was matched. */
  of(seq: number): FramePair | undefined {
    return this.bySeq.get(seq);
  }

  /** Drops unanswered requests (a new connection reuses JSON-RPC ids from 0). */
  forgetOpenRequests(): void {
    this.open.clear();
  }

  clear(): void {
    this.open.clear();
    this.bySeq.clear();
  }
}
