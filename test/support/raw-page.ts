import { WebSocket } from 'ws';
import {
  parseBridgeMessages,
  WS_PATH,
  TOKEN_PARAM,
  type BridgeToClient,
  type Frame,
} from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';

/**
 * A page that speaks the bridge's wire protocol directly and keeps nothing it is sent, for tests
 * that push so many frames through one connection that the real session code (which keeps a
 * trace) would measure itself instead of the bridge. It counts frames and their bytes.
 */
export class RawPage {
  /** Frames the bridge sent for this connection (both directions: outgoing ones are acknowledged). */
  frames = 0;
  /** Their bytes, as the bridge measured them on the upstream side. */
  bytes = 0;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private onStart: ((message: BridgeToClient) => void) | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      for (const message of parseBridgeMessages(data.toString())) this.receive(message);
    });
    ws.on('close', () => this.failAll(new Error('The bridge closed the socket')));
  }

  /** Opens the page's socket on the bridge at `port`. */
  static async open(port: number, token: string): Promise<RawPage> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new RawPage(ws);
  }

  /** Opens the connection to `target` and initializes it. */
  async connect(target: ServerTarget): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.onStart = (message) => {
        if (message.type === 'ready') resolve();
        if (message.type === 'failed') reject(new Error(message.error));
      };
      this.ws.send(JSON.stringify({ type: 'connect', target }));
    });
    this.onStart = undefined;
    await this.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw-page', version: '0' },
    });
    this.ws.send(
      JSON.stringify({ type: 'send', message: { jsonrpc: '2.0', method: 'notifications/initialized' } }),
    );
  }

  /** Sends one request and resolves when its answer came back (the answer itself is dropped). */
  request(method: string, params: Record<string, unknown>): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ type: 'send', message: { jsonrpc: '2.0', id, method, params } }));
    });
  }

  /**
   * Makes `count` calls of the bulk server's tool, each answered with `bytes` characters, keeping
   * `window` in flight; `progress` runs after every `every` answers.
   */
  async calls(
    count: number,
    options: { bytes: number; window: number; every?: number; progress?: () => void },
  ): Promise<void> {
    let started = 0;
    let done = 0;
    const worker = async () => {
      while (started < count) {
        started++;
        await this.request('tools/call', { name: 'bulk', arguments: { bytes: options.bytes } });
        done++;
        if (options.every && done % options.every === 0) options.progress?.();
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.window, count) }, worker));
  }

  close(): void {
    this.ws.close();
  }

  private receive(message: BridgeToClient): void {
    if (message.type === 'frame') return this.count(message.frame);
    if (message.type === 'ready' || message.type === 'failed') return this.onStart?.(message);
    if (message.type === 'event' && message.event.kind === 'closed')
      this.failAll(new Error(message.event.reason));
  }

  private count(frame: Frame): void {
    this.frames++;
    this.bytes += frame.bytes;
    const message = frame.message as { id?: unknown; error?: { message?: string } } | undefined;
    if (frame.direction !== 'in' || typeof message?.id !== 'number') return;
    const waiter = this.waiting.get(message.id);
    if (!waiter) return;
    this.waiting.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message ?? 'error'));
    else waiter.resolve();
  }

  private failAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
