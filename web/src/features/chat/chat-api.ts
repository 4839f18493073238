import {
  CHAT_API_PREFIX,
  type ChatProvidersResponse,
  type ChatStepEvent,
  type ChatStepRequest,
  type ChatUserEndpointRequest,
} from '#shared/chat-protocol.ts';
import { TOKEN_HEADER } from '#shared/bridge-protocol.ts';

/** The bridge's chat routes, with the page's token. Every method throws a readable Error. */
export class ChatApi {
  /** This page's id for keys typed here: random, in memory only, so a reload forgets the key. */
  readonly page = crypto.randomUUID();

  constructor(private readonly token: string) {}

  async providers(): Promise<ChatProvidersResponse> {
    const response = await this.fetch('GET', `/providers?page=${encodeURIComponent(this.page)}`);
    return (await response.json()) as ChatProvidersResponse;
  }

  /** Hands a key typed in the page to the bridge, which keeps it in memory for this page only. */
  async setKey(provider: string, key: string): Promise<void> {
    await this.fetch('POST', '/key', { page: this.page, provider, key });
  }

  /** Hosted mode: names the user's own endpoint and key, kept in the bridge's memory for that user. */
  async setEndpoint(request: ChatUserEndpointRequest): Promise<void> {
    await this.fetch('POST', '/endpoint', request);
  }

  /** One model step; calls `onEvent` for each line of the streamed answer. */
  async step(
    request: Omit<ChatStepRequest, 'page'>,
    onEvent: (event: ChatStepEvent) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const response = await this.fetch('POST', '/step', { ...request, page: this.page }, signal);
    if (!response.body) throw new Error('The bridge answered without a body');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += value;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as ChatStepEvent);
    }
    if (buffered.trim()) onEvent(JSON.parse(buffered) as ChatStepEvent);
  }

  private async fetch(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${CHAT_API_PREFIX}${path}`, {
        method,
        headers: {
          ...(this.token ? { [TOKEN_HEADER]: this.token } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        cache: 'no-store',
        signal,
      });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new Error(`Cannot reach the bridge: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) {
      const text = await response.text();
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // Not JSON: show the text.
      }
      throw new Error(`The bridge answered ${response.status}: ${message}`);
    }
    return response;
  }
}
