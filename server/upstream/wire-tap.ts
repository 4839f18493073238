import { AsyncLocalStorage } from 'node:async_hooks';
import type { FetchLike, RequestId } from '@modelcontextprotocol/client';
import type { FrameHttp } from '#shared/bridge-protocol.ts';

/** What the bridge learns about one message while the SDK's HTTP transport carries it. */
export interface WireContext {
  /** The id of the request the message is, if it is one. */
  requestId?: RequestId;
  /** Called with the first POST that carries the message, as it leaves (method and final headers). */
  onrequest: (method: string, headers: Headers) => void;
  /** The status and content type of that POST's answer, once it came. */
  response?: NonNullable<FrameHttp['response']>;
}

/**
 * Sees the HTTP under the SDK's client transports: each `send` runs inside a {@link WireContext},
 * and the fetch the transport is given reports the POST that carried the message (its final
 * headers, as the SDK built them) and the status of its answer into that context. The SDK keeps
 * the async context from `send` through the fetch and the reading of the answer, so a message the
 * transport hands on while reading an answer can be told which POST it came with. A fetch outside
 * any send (a GET stream, a session DELETE) is passed through untouched.
 */
export class WireTap {
  private readonly storage = new AsyncLocalStorage<WireContext>();

  /** Runs `send` with `context` as the current message's wire context. */
  run<T>(context: WireContext, send: () => T): T {
    return this.storage.run(context, send);
  }

  /** The wire context of the message being carried, when there is one. */
  current(): WireContext | undefined {
    return this.storage.getStore();
  }

  /** Wraps the fetch the transport uses (the pluggable base: global fetch, or a guarded one). */
  fetch(base: FetchLike): FetchLike {
    return async (url, init) => {
      const context = this.storage.getStore();
      if (!context || init?.method !== 'POST') return base(url, init);
      const reported = context as WireContext & { reported?: boolean };
      // A redirect within the origin fetches again for the same message: report the first POST.
      if (!reported.reported) {
        reported.reported = true;
        context.onrequest(init.method, new Headers(init.headers));
      }
      const response = await base(url, init);
      const contentType = response.headers.get('content-type');
      context.response = { status: response.status, ...(contentType ? { contentType } : {}) };
      return response;
    };
  }
}
