import { MASKED_KEY, type ProviderExchange } from '#shared/chat-protocol.ts';

/** Headers whose values are credentials: masked in every copy the page, a log or a recording sees. */
const SECRET_HEADERS = new Set(['authorization', 'x-api-key', 'api-key', 'proxy-authorization', 'cookie']);

/** Most response bytes kept per exchange (a long stream is cut here, with a note). */
const MAX_BODY_CHARS = 512 * 1024;

/**
 * A fetch that records each provider request and its response exactly as they crossed the wire, with
 * credentials masked, so an author can see what the model was sent. The response body is read from a
 * tee while the provider library reads the other half, so recording never slows the stream.
 */
export class ExchangeCapture {
  readonly exchanges: ProviderExchange[] = [];
  private readonly reads: Promise<void>[] = [];

  constructor(
    private readonly secrets: string[],
    /** What really sends the request (a user's own endpoint: a fetch that checks each address). */
    private readonly send: typeof globalThis.fetch = fetch,
    /** Texts shown as something else (a hosted admin's provider address, shown as its name). */
    private readonly places: readonly { text: string; replacement: string }[] = [],
  ) {}

  /** The fetch to hand to the provider library. */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const exchange: ProviderExchange = {
      request: {
        url: this.mask(url),
        method: init?.method ?? 'GET',
        headers: this.maskHeaders(new Headers(init?.headers)),
        body: this.mask(typeof init?.body === 'string' ? init.body : ''),
      },
    };
    this.exchanges.push(exchange);
    const response = await this.send(input, init);
    const [mine, theirs] = response.body ? response.body.tee() : [null, null];
    exchange.response = { status: response.status, headers: this.maskHeaders(response.headers), body: '' };
    if (mine) this.reads.push(this.readInto(mine, exchange.response));
    return new Response(theirs, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  /** Waits (a bounded time) for the recorded response bodies to be complete. */
  async settled(ms = 2000): Promise<ProviderExchange[]> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(this.reads),
      new Promise((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
    return this.exchanges;
  }

  /** Replaces every secret in `text` with a mask, and every hidden place with its name. */
  mask(text: string): string {
    let masked = text;
    for (const secret of this.secrets) if (secret) masked = masked.split(secret).join(MASKED_KEY);
    for (const { text: place, replacement } of this.places) masked = masked.split(place).join(replacement);
    return masked;
  }

  private maskHeaders(headers: Headers): Record<string, string> {
    const out: Record<string, string> = {};
    headers.forEach((value, name) => {
      out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? maskCredential(value) : this.mask(value);
    });
    return out;
  }

  private async readInto(stream: ReadableStream<Uint8Array>, into: { body: string }): Promise<void> {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (into.body.length < MAX_BODY_CHARS)
          into.body += this.mask(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      into.body += `\n[the response stopped here: ${(error as Error).message}]`;
    }
    if (into.body.length >= MAX_BODY_CHARS) into.body += '\n[cut: the response was longer]';
  }
}

/** "Bearer sk-…" → "Bearer ••••": the scheme stays readable, the credential does not. */
function maskCredential(value: string): string {
  const space = value.indexOf(' ');
  return space > 0 ? `${value.slice(0, space)} ${MASKED_KEY}` : MASKED_KEY;
}
