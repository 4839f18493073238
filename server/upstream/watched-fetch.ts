import type { FetchLike, RequestId } from '@modelcontextprotocol/client';

/**
 * A fetch for the SDK's Streamable HTTP client transport that notices when the event-stream answer
 * to a POST ends, cleanly or not, without the response to a request the POST carried. The SDK
 * itself would wait for that response until the request times out (a minute by default), unless
 * the server made the stream resumable by sending event ids; so only non-resumable streams count.
 */
export function watchedFetch(
  onlost: (id: RequestId, reason: string) => void,
  base: FetchLike = (url, init) => fetch(url, init),
): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    const ids = requestIdsIn(init);
    const isEventStream = /^\s*text\/event-stream/i.test(response.headers.get('content-type') ?? '');
    if (!ids.length || !response.ok || !response.body || !isEventStream) return response;
    const scanner = new EventStreamScanner();
    const report = (reason: string) => {
      if (scanner.resumable) return;
      for (const id of ids) if (!scanner.answered.has(id)) onlost(id, reason);
    };
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            scanner.push(decoder.decode());
            controller.close();
            report('The server ended the response stream without answering');
            return;
          }
          scanner.push(decoder.decode(value, { stream: true }));
          controller.enqueue(value);
        } catch (error) {
          controller.error(error);
          report(`The response stream broke before the answer (${(error as Error).message})`);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Ids of the JSON-RPC requests in a POST body (a message or a batch). */
function requestIdsIn(init: RequestInit | undefined): RequestId[] {
  if (init?.method !== 'POST' || typeof init.body !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(init.body);
    return (Array.isArray(parsed) ? parsed : [parsed]).flatMap(
      (message: { id?: RequestId; method?: string }) =>
        message && typeof message.method === 'string' && message.id !== undefined ? [message.id] : [],
    );
  } catch {
    return [];
  }
}

/** Reads just enough of a server-sent event stream to know which responses went by. */
class EventStreamScanner {
  readonly answered = new Set<RequestId>();
  /** The server sent an event id, so the SDK will try to resume the stream itself. */
  resumable = false;
  private partial = '';
  private data: string[] = [];

  push(text: string): void {
    const buffer = this.partial + text;
    // A CR at the very end may be the first half of a CRLF: keep it for the next chunk.
    const cut = buffer.endsWith('\r') ? buffer.length - 1 : buffer.length;
    const lines = buffer.slice(0, cut).split(/\r\n|\r|\n/);
    this.partial = (lines.pop() ?? '') + buffer.slice(cut);
    for (const line of lines) {
      if (line === '') this.dispatch();
      else if (line.startsWith('data:')) this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      else if (line.startsWith('id:') && line.slice(3).trim()) this.resumable = true;
    }
  }

  private dispatch(): void {
    if (!this.data.length) return;
    try {
      const parsed: unknown = JSON.parse(this.data.join('\n'));
      for (const message of (Array.isArray(parsed) ? parsed : [parsed]) as ({
        id?: RequestId;
        method?: string;
      } | null)[]) {
        if (message && message.id !== undefined && message.method === undefined)
          this.answered.add(message.id);
      }
    } catch {
      // Not JSON: the SDK reports it.
    }
    this.data = [];
  }
}
