import {
  ProtocolError,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type ElicitRequestParams,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import { Store } from '#client/lib/store.ts';
import { samplingRejected, toCreateMessageResult, type SamplingReply } from './sampling-reply.ts';
import type { RequestDuring } from './request-during.ts';

/** A server-initiated request the user has to answer. */
export type ServerRequest =
  | { kind: 'sampling'; params: CreateMessageRequestParams }
  | { kind: 'elicitation'; params: ElicitRequestParams };

/**
 * A request in the queue, with the order and time it arrived, its JSON-RPC id, and the model's or View's
 * call it arrived during, when the trace says so.
 */
export type QueuedRequest = ServerRequest & {
  id: number;
  receivedAt: number;
  requestId?: string | number;
  during?: RequestDuring;
};

/** How the SDK identifies the request being handled (the handler's `extra`), and what the trace says of it. */
export interface RequestContext {
  signal?: AbortSignal;
  requestId?: string | number;
  during?: RequestDuring;
}

/** The queue's observable state: unanswered requests, oldest first. */
export interface QueueState {
  pending: readonly QueuedRequest[];
}

interface Waiter {
  kind: ServerRequest['kind'];
  resolve: (result: CreateMessageResult | ElicitResult) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

/**
 * Server-initiated requests waiting for the human. The SDK request handler awaits the promise
 * `ask*` returns; the UI settles it with `answer*`. Several may wait at once, and nothing waits
 * forever: the server's own cancellation removes a request, and `clear` settles all of them.
 */
export class ServerRequestQueue extends Store<QueueState> {
  private nextId = 1;
  private readonly waiters = new Map<number, Waiter>();

  constructor(private readonly now: () => number = Date.now) {
    super({ pending: [] });
  }

  /** Queues a sampling request; resolves with the user's reply, rejects when they refuse. */
  askSampling(params: CreateMessageRequestParams, context?: RequestContext): Promise<CreateMessageResult> {
    return this.enqueue({ kind: 'sampling', params }, context) as Promise<CreateMessageResult>;
  }

  /** Queues an elicitation request (form or URL mode); resolves with accept, decline or cancel. */
  askElicitation(params: ElicitRequestParams, context?: RequestContext): Promise<ElicitResult> {
    return this.enqueue({ kind: 'elicitation', params }, context) as Promise<ElicitResult>;
  }

  /** Answers a sampling request with the user's text. */
  answerSampling(id: number, reply: SamplingReply): void {
    this.settle(id, 'sampling', (waiter) => waiter.resolve(toCreateMessageResult(reply)));
  }

  /** Refuses a sampling request: the server gets a JSON-RPC error. */
  rejectSampling(id: number, reason?: string): void {
    this.settle(id, 'sampling', (waiter) => waiter.reject(samplingRejected(reason)));
  }

  /** Answers an elicitation request; `content` only goes with accept (form mode). */
  answerElicitation(id: number, result: ElicitResult): void {
    this.settle(id, 'elicitation', (waiter) => waiter.resolve(result));
  }

  /**
   * Drops the request with this JSON-RPC id, as the server's notifications/cancelled asks. The SDK
   * aborts the handler's signal itself, except for request id 0 (it tests the id for truthiness),
   * so the session also calls this from the trace.
   */
  cancelRequest(requestId: string | number, reason = 'Cancelled by the server'): void {
    const request = this.get().pending.find((r) => r.requestId === requestId);
    if (request) this.settle(request.id, request.kind, (waiter) => waiter.reject(new Error(reason)));
  }

  /**
   * Settles every pending request: elicitations are cancelled, sampling fails with `reason`.
   * Called when the connection ends, so no handler promise outlives its connection.
   */
  clear(reason = 'The connection ended'): void {
    for (const [id, waiter] of [...this.waiters]) {
      this.settle(id, waiter.kind, (w) =>
        w.kind === 'elicitation' ? w.resolve({ action: 'cancel' }) : w.reject(new ProtocolError(-1, reason)),
      );
    }
  }

  private enqueue(request: ServerRequest, context: RequestContext = {}): Promise<unknown> {
    const { signal, requestId, during } = context;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortError(signal));
        return;
      }
      // The server may cancel (notifications/cancelled) or the SDK time the request out.
      const onAbort = () => this.settle(id, request.kind, (waiter) => waiter.reject(abortError(signal)));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.set(id, {
        kind: request.kind,
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      });
      const queued = {
        ...request,
        id,
        receivedAt: this.now(),
        ...(requestId === undefined ? {} : { requestId }),
        ...(during ? { during } : {}),
      } as QueuedRequest;
      this.update((state) => ({ pending: [...state.pending, queued] }));
    });
  }

  private settle(id: number, kind: ServerRequest['kind'], finish: (waiter: Waiter) => void): void {
    const waiter = this.waiters.get(id);
    if (!waiter || waiter.kind !== kind) return;
    this.waiters.delete(id);
    waiter.cleanup();
    this.update((state) => ({ pending: state.pending.filter((request) => request.id !== id) }));
    finish(waiter);
  }
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error(String(reason ?? 'Cancelled by the server'));
}
