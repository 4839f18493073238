import { WebSocket } from 'ws';
import { parseBridgeMessages, WS_PATH, type BridgeToClient } from '#shared/bridge-protocol.ts';

/** An answer to a JSON-RPC request, as the page receives it. */
export interface Answer {
  result?: Record<string, unknown> & { content?: { text?: string }[]; isError?: boolean };
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

/**
 * A page of a hosted bridge speaking the wire protocol directly: it signs its socket with headers
 * (a token, a cookie, the SSO header), connects to catalog servers or URLs, and keeps every
 * message the bridge sent, for tests to look at.
 */
export class HostedPage {
  readonly received: BridgeToClient[] = [];
  /** Every byte the bridge sent, as text: what a page would hold. */
  rawText = '';
  private nextId = 1;
  private readonly listeners = new Set<() => void>();
  closed = false;
  /** The WebSocket close code and reason, once closed. */
  closedWith: { code: number; reason: string } | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.rawText += data.toString();
      this.received.push(...parseBridgeMessages(data.toString()));
      for (const listener of [...this.listeners]) listener();
    });
    ws.on('close', (code, reason) => {
      this.closed = true;
      this.closedWith = { code, reason: reason.toString() };
      for (const listener of [...this.listeners]) listener();
    });
  }

  /** Opens a page socket on `port` with `headers`; rejects with the refusal's HTTP status. */
  static open(port: number, headers: Record<string, string>): Promise<HostedPage> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}`, { headers });
      ws.once('open', () => resolve(new HostedPage(ws)));
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  /** Sends a connect message and resolves with the bridge's answer: `ready` or `failed`. */
  async connect(
    message: Record<string, unknown>,
  ): Promise<Extract<BridgeToClient, { type: 'ready' | 'failed' }>> {
    const from = this.received.length;
    this.send({ type: 'connect', ...message });
    const answer = await this.next(from, (m) => m.type === 'ready' || m.type === 'failed');
    return answer as Extract<BridgeToClient, { type: 'ready' | 'failed' }>;
  }

  /** Connects and initializes; throws when the connect fails. */
  async open(message: Record<string, unknown>): Promise<void> {
    const answer = await this.connect(message);
    if (answer.type === 'failed') throw new Error(answer.error);
    const init = await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'hosted-page', version: '0' },
    });
    if (init.error) throw new Error(init.error.message);
    this.send({ type: 'send', message: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  }

  /** Ends the connection and resolves once the bridge says it is closed (its places are free then). */
  async disconnect(): Promise<void> {
    const from = this.received.length;
    this.send({ type: 'disconnect' });
    await this.next(from, (message) => message.type === 'event' && message.event.kind === 'closed');
  }

  /** Sends a request and resolves with its answer (an inbound frame with its id). */
  async request(method: string, params: Record<string, unknown>): Promise<Answer> {
    const id = this.nextId++;
    const from = this.received.length;
    this.send({ type: 'send', message: { jsonrpc: '2.0', id, method, params } });
    const frame = await this.next(
      from,
      (m) =>
        m.type === 'frame' && m.frame.direction === 'in' && (m.frame.message as { id?: unknown })?.id === id,
    );
    return (frame as Extract<BridgeToClient, { type: 'frame' }>).frame.message as Answer;
  }

  callTool(name: string, args: Record<string, unknown> = {}): Promise<Answer> {
    return this.request('tools/call', { name, arguments: args });
  }

  /** Resolves with the first message from index `from` on that `matches`. */
  next(from: number, matches: (message: BridgeToClient) => boolean): Promise<BridgeToClient> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.received.slice(from).find(matches);
        if (found) {
          this.listeners.delete(check);
          resolve(found);
        } else if (this.closed) {
          this.listeners.delete(check);
          reject(new Error('The bridge closed the socket'));
        }
      };
      this.listeners.add(check);
      check();
    });
  }

  /** Resolves with the close code and reason once the bridge closed the socket. */
  whenClosed(): Promise<{ code: number; reason: string }> {
    return new Promise((resolve) => {
      const check = () => {
        if (!this.closedWith) return;
        this.listeners.delete(check);
        resolve(this.closedWith);
      };
      this.listeners.add(check);
      check();
    });
  }

  /** The bridge's id of this page's channel (from its hello). */
  get channelId(): string | undefined {
    const hello = this.received.find((message) => message.type === 'hello');
    return hello?.type === 'hello' ? hello.channelId : undefined;
  }

  /** Error events the bridge sent (limits, bad messages). */
  errors(): string[] {
    return this.received.flatMap((m) =>
      m.type === 'event' && m.event.kind === 'error' ? [m.event.message] : [],
    );
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  close(): void {
    this.ws.close();
  }
}
