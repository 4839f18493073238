import type { JSONRPCMessage, RequestId, TransportSendOptions } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import type { BridgeToClient, Frame } from '#shared/bridge-protocol.ts';
import type { ChatTurnNote } from '#shared/chat-protocol.ts';
import type { BridgeSocket } from './bridge-socket.ts';
import type { TracedTransport } from './traced-transport.ts';

/** What the transport needs of its socket: the browser's WebSocket, or `toolscope check`'s in-process channel. */
export type BridgeSocketLike = Pick<BridgeSocket, 'ready' | 'send' | 'close' | 'onmessage' | 'onclose'>;

/**
 * An SDK Transport whose other end is an MCP server behind the bridge. `start()` asks the bridge
 * to open the upstream (spawn the process or reach the URL) and resolves when it is open.
 *
 * Its shape tells the SDK client what is behind it, which decides how Auto probes:
 * - a stdio target has `pid` and `stderr` (the SDK's test for stdio), so the client probes with
 *   `server/discover` on this same process and takes silence for a legacy server;
 * - a Streamable HTTP target has `hasPerRequestStream`: in the modern era the client cancels a
 *   request by aborting it, which becomes a `cancel` message (the bridge aborts that POST).
 * It has no `sessionId`: a transport with one skips negotiation altogether.
 */
export class BridgeTransport implements TracedTransport {
  /** Messages sent and not yet acknowledged by the bridge, oldest first (the socket keeps order). */
  private readonly unacknowledged: JSONRPCMessage[] = [];
  private started: Promise<void> | undefined;
  private closed = false;
  private pendingStart: { resolve: () => void; reject: (error: Error) => void } | undefined;
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  onframe?: TracedTransport['onframe'];
  onbridgeevent?: TracedTransport['onbridgeevent'];
  originOf?: TracedTransport['originOf'];
  closeReason: string | undefined;
  /** True when the connection ended because the bridge itself went away (stopped, restarted, network). */
  lostBridge = false;
  protocolVersion: string | undefined;
  recordingId: string | undefined;
  readonly hasPerRequestStream: boolean;
  /** The stdio server's process id once spawned (stdio targets only; see the class comment). */
  declare pid?: number | null;
  /** Present on stdio targets only; the server's stderr reaches the page as bridge events. */
  declare stderr?: null;

  constructor(
    private readonly socket: BridgeSocketLike,
    private readonly target: ServerTarget,
  ) {
    this.hasPerRequestStream = target.transport === 'http';
    if (target.transport === 'stdio') {
      this.pid = null;
      this.stderr = null;
    }
  }

  /** Opens the upstream; a second call (the SDK's connect after a probe) waits for the same. */
  start(): Promise<void> {
    this.started ??= this.open();
    return this.started;
  }

  private async open(): Promise<void> {
    this.socket.onmessage = (message) => this.receive(message);
    this.socket.onclose = (reason) => {
      if (!this.closed) this.lostBridge = true;
      this.finish(`The bridge went away: ${reason}`);
    };

    await this.socket.ready();
    await new Promise<void>((resolve, reject) => {
      this.pendingStart = { resolve, reject };
      this.socket.send({ type: 'connect', target: this.target });
    });
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (this.closed) throw new Error(this.closeReason ?? 'Not connected');
    this.unacknowledged.push(message);
    // The bridge keeps who asked for a call on its recorded frames, so a replay can say it too.
    const origin = this.originOf?.(message);
    this.socket.send(origin ? { type: 'send', message, origin } : { type: 'send', message });
    const signal = options?.requestSignal;
    if (signal && 'method' in message && 'id' in message) {
      const id = message.id;
      signal.addEventListener('abort', () => this.cancel(id), { once: true });
    }
  }

  /** Tells the bridge the page gave up on request `id` (on Streamable HTTP it aborts the POST). */
  private cancel(id: RequestId): void {
    if (!this.closed) this.socket.send({ type: 'cancel', id });
  }

  /** The negotiated version: kept for the page, and sent to the bridge for its HTTP headers. */
  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
    if (!this.closed) this.socket.send({ type: 'protocol-version', version });
  }

  /** Hands a finished chat turn to the bridge, which keeps it in this connection's recording. */
  recordChatTurn(note: ChatTurnNote): void {
    if (!this.closed) this.socket.send({ type: 'chat-turn', note });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      this.socket.send({ type: 'disconnect' });
    } catch {
      // The socket is already gone; the bridge closes the server after its grace period.
    }
    this.socket.close();
    this.finish('Disconnected');
  }

  private receive(message: BridgeToClient): void {
    switch (message.type) {
      case 'ready':
        this.recordingId = message.recordingId;
        this.pendingStart?.resolve();
        this.pendingStart = undefined;
        return;
      case 'failed':
        this.closeReason = message.error;
        this.pendingStart?.reject(new Error(message.error));
        this.pendingStart = undefined;
        return;
      case 'frame':
        this.receiveFrame(message.frame);
        return;
      case 'event':
        if (message.event.kind === 'closed') {
          this.onbridgeevent?.(message.event, message.time);
          this.finish(this.closeReason ?? message.event.reason);
          return;
        }
        if (message.event.kind === 'spawned' && this.target.transport === 'stdio')
          this.pid = message.event.pid;
        if (message.event.kind === 'exited') {
          const { code, signal } = message.event;
          // The bridge's own reason for ending it (said first) is the one the user needs.
          this.closeReason ??= signal ? `Server was killed by ${signal}` : `Server exited with code ${code}`;
        }
        if (message.event.kind === 'error' && message.event.ends) this.closeReason = message.event.message;
        this.onbridgeevent?.(message.event, message.time);
        return;
      case 'hello':
        return;
    }
  }

  private receiveFrame(frame: Frame): void {
    if (frame.direction === 'out') {
      // The bridge acknowledges our own messages without echoing them back.
      const message = this.unacknowledged.shift();
      this.onframe?.(message ? { ...frame, message } : frame);
      return;
    }
    this.onframe?.(frame);
    if (frame.message) this.onmessage?.(frame.message);
  }

  private finish(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.closeReason ??= reason;
    this.pendingStart?.reject(new Error(this.closeReason));
    this.pendingStart = undefined;
    // The bridge keeps a session per socket: close it, or every crash would leave one behind.
    this.socket.close();
    this.onclose?.();
  }
}
