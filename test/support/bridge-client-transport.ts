import type {
  JSONRPCMessage,
  RequestId,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/client';
import { WebSocket } from 'ws';
import {
  parseBridgeMessages,
  TOKEN_PARAM,
  WS_PATH,
  type BridgeEvent,
  type BridgeToClient,
  type ClientToBridge,
  type Frame,
} from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';

/** How long a test waits for one frame or answer before it fails (nothing here should take long). */
const WAIT_MS = 20_000;

/**
 * An SDK v2 `Transport` in Node whose other end is an MCP server behind a running bridge: it speaks
 * the bridge's WebSocket protocol the way the page does, so a v2 `Client`
 * runs through the real bridge at the wire. It keeps every frame (outbound ones with their
 * message, as the page pairs them) and bridge event, and can also send raw requests.
 * - A stdio target exposes `pid` and `stderr`, so the Client's Auto probe treats it as stdio and
 *   probes on the same process (a silent server falls back after the probe's timeout).
 * - An HTTP target has `hasPerRequestStream`: the Client cancels by aborting the request, which
 *   this transport forwards as a `cancel` message (the bridge aborts the POST).
 * - `setProtocolVersion` is forwarded as a `protocol-version` message.
 */
export class BridgeClientTransport implements Transport {
  readonly frames: Frame[] = [];
  readonly events: BridgeEvent[] = [];
  readonly hasPerRequestStream: boolean;
  /** The recording of this connection, when the bridge records. */
  recordingId: string | undefined;
  /** The stdio server's process id, once spawned (stdio targets only). */
  pid: number | null = null;
  /** Present for stdio targets only: the bridge forwards stderr as events. */
  stderr?: null;
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];
  private readonly unacknowledged: JSONRPCMessage[] = [];
  private readonly waiters = new Set<() => void>();
  private started: Promise<void> | undefined;
  private closed = false;
  private closeReason: string | undefined;
  private nextRawId = 1;

  private constructor(
    private readonly ws: WebSocket,
    private readonly target: ServerTarget,
  ) {
    this.hasPerRequestStream = target.transport === 'http';
    if (target.transport === 'stdio') this.stderr = null;
    ws.on('message', (data) => {
      for (const message of parseBridgeMessages(data.toString())) this.receive(message);
    });
    ws.on('close', () => this.finish());
  }

  /** Opens a socket on the bridge at `port`; `start()` (or a Client's connect) opens `target`. */
  static async open(port: number, token: string, target: ServerTarget): Promise<BridgeClientTransport> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new BridgeClientTransport(ws, target);
  }

  /** Asks the bridge to open the target; resolves when it is open. Safe to call twice. */
  start(): Promise<void> {
    this.started ??= new Promise<void>((resolve, reject) => {
      this.ready = { resolve, reject };
      this.post({ type: 'connect', target: this.target });
    });
    return this.started;
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) throw new Error(`The connection is closed: ${this.closeReason ?? 'disconnected'}`);
    this.unacknowledged.push(message);
    this.post({ type: 'send', message });
    const signal = options?.requestSignal;
    if (signal && 'method' in message && 'id' in message) {
      const id = message.id;
      signal.addEventListener('abort', () => this.cancel(id), { once: true });
    }
  }

  /** Tells the bridge the page gave up on request `id`. */
  cancel(id: RequestId): void {
    this.post({ type: 'cancel', id });
  }

  setProtocolVersion(version: string): void {
    this.post({ type: 'protocol-version', version });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.post({ type: 'disconnect' });
    this.ws.close();
    this.finish();
  }

  /** Sends a request with an id of its own and resolves with the server's answer (or the bridge's). */
  async request(
    method: string,
    params: Record<string, unknown> = {},
  ): Promise<JSONRPCMessage & { id: RequestId }> {
    const id = `raw:${this.nextRawId++}`;
    await this.send({ jsonrpc: '2.0', id, method, params });
    return (
      await this.waitForFrame(
        (frame) => frame.direction === 'in' && answers(frame, id),
        `the answer to ${method}`,
      )
    ).message as JSONRPCMessage & { id: RequestId };
  }

  /** The first frame (seen or still to come) that `matches`; fails the test after a while. */
  waitForFrame(matches: (frame: Frame) => boolean, what: string): Promise<Frame> {
    return this.waitFor(() => this.frames.find(matches), what);
  }

  /** Resolves when `check` gives a value. */
  waitFor<T>(check: () => T | undefined, what: string): Promise<T> {
    const now = check();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      // Checked at every message from the bridge, and every 20 ms for what happens elsewhere.
      const poll = setInterval(() => waiter(), 20);
      const timer = setTimeout(() => {
        clearInterval(poll);
        this.waiters.delete(waiter);
        reject(new Error(`Timed out after ${WAIT_MS} ms waiting for ${what}`));
      }, WAIT_MS);
      const waiter = () => {
        const value = check();
        if (value === undefined) return;
        clearTimeout(timer);
        clearInterval(poll);
        this.waiters.delete(waiter);
        resolve(value);
      };
      this.waiters.add(waiter);
    });
  }

  /** The frames of one request's exchange, out and in, by JSON-RPC id. */
  framesOf(id: RequestId): Frame[] {
    return this.frames.filter((frame) => (frame.message as { id?: RequestId } | undefined)?.id === id);
  }

  private ready: { resolve: () => void; reject: (error: Error) => void } | undefined;

  private receive(message: BridgeToClient): void {
    switch (message.type) {
      case 'ready':
        this.recordingId = message.recordingId;
        this.ready?.resolve();
        break;
      case 'failed':
        this.ready?.reject(new Error(message.error));
        break;
      case 'event':
        this.events.push(message.event);
        if (message.event.kind === 'spawned') this.pid = message.event.pid;
        if (message.event.kind === 'closed') {
          this.closeReason = message.event.reason;
          this.finish();
        }
        break;
      case 'frame': {
        const { frame } = message;
        if (frame.direction === 'out') {
          const sent = this.unacknowledged.shift();
          this.frames.push(sent ? { ...frame, message: sent } : frame);
        } else {
          this.frames.push(frame);
          if (frame.message) this.onmessage?.(frame.message);
        }
        break;
      }
    }
    for (const waiter of [...this.waiters]) waiter();
  }

  private post(message: ClientToBridge): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.ready?.reject(new Error('The connection closed before it was ready'));
    this.onclose?.();
  }
}

function answers(frame: Frame, id: RequestId): boolean {
  const message = frame.message as { id?: RequestId; method?: string } | undefined;
  return message?.id === id && message.method === undefined;
}
