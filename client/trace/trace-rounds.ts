import type { Frame } from '#shared/bridge-protocol.ts';

/** Where a frame stands in a multi round-trip exchange (2026-07-28 `input_required` retries). */
export interface RoundInfo {
  /** Trace number of the exchange's first request: the same for every round of one call. */
  exchangeSeq: number;
  /** 1 for the first request, 2 for its first retry, and so on. */
  round: number;
}

/** Methods whose result may be `input_required`. */
const ROUND_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

interface OpenRequest {
  info: RoundInfo;
  /** The method and target (tool name, prompt name, resource URI) a retry must repeat. */
  key: string;
}

/**
 * Groups the rounds of multi round-trip calls as frames arrive: a request that carries
 * `inputResponses` or `requestState` continues the latest exchange of the same method and target
 * whose last answer was `input_required`. Derived from the frames alone, so recordings and replays
 * group the same way as the live trace.
 */
export class TraceRounds {
  private readonly open = new Map<string, OpenRequest>();
  /** Exchanges whose last round answered `input_required`, by method and target. */
  private readonly waiting = new Map<string, RoundInfo>();
  private readonly bySeq = new Map<number, RoundInfo>();
  /** Rounds seen so far per exchange. */
  private readonly latest = new Map<number, number>();

  add(frame: Frame): void {
    const message = frame.message as
      | {
          id?: unknown;
          method?: unknown;
          params?: Record<string, unknown>;
          result?: { resultType?: unknown };
        }
      | undefined;
    if (!message || message.id === undefined || message.id === null) return;
    const id = JSON.stringify(message.id);
    if (frame.direction === 'out' && typeof message.method === 'string') {
      if (!ROUND_METHODS.has(message.method)) return;
      const params = message.params ?? {};
      const key = `${message.method} ${JSON.stringify(params.name ?? params.uri ?? null)}`;
      const previous = this.waiting.get(key);
      const retry = previous && ('inputResponses' in params || 'requestState' in params);
      const info = retry
        ? { exchangeSeq: previous.exchangeSeq, round: previous.round + 1 }
        : { exchangeSeq: frame.seq, round: 1 };
      this.waiting.delete(key);
      if (retry) this.latest.set(info.exchangeSeq, info.round);
      this.open.set(id, { info, key });
      this.bySeq.set(frame.seq, info);
      return;
    }
    if (frame.direction !== 'in' || typeof message.method === 'string') return;
    const request = this.open.get(id);
    if (!request) return;
    this.open.delete(id);
    this.bySeq.set(frame.seq, request.info);
    if (message.result?.resultType === 'input_required') this.waiting.set(request.key, request.info);
  }

  /** The round a frame belongs to, for requests and responses of calls that took more than one. */
  of(seq: number): RoundInfo | undefined {
    const info = this.bySeq.get(seq);
    if (!info) return undefined;
    return this.roundsOf(info.exchangeSeq) > 1 ? info : undefined;
  }

  /** Rounds of the exchange that started at `exchangeSeq` seen so far. */
  roundsOf(exchangeSeq: number): number {
    return this.latest.get(exchangeSeq) ?? 1;
  }

  /** Forgets requests in flight (a new connection reuses JSON-RPC ids). */
  forgetOpenRequests(): void {
    this.open.clear();
    this.waiting.clear();
  }

  clear(): void {
    this.open.clear();
    this.waiting.clear();
    this.bySeq.clear();
    this.latest.clear();
  }
}
