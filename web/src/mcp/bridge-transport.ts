import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ServerTarget } from '#shared/targets.ts';
import type { BridgeToClient, Frame } from '#shared/bridge-protocol.ts';
import type { BridgeSocket } from './bridge-socket.ts';
import type { TracedTransport } from './traced-transport.ts';

/**
 * An SDK Transport whose other end is an MCP server behind the bridge. `start()` asks the bridge
 * to open the upstream (spawn the process or reach the URL) and resolves when it is open.
 */
export class BridgeTransport implements TracedTransport {
  /** Messages sent and not yet acknowledged by the bridge, oldest first (the socket keeps order). */
  private readonly unacknowledged: JSONRPCMessage[] = [];
  private started = false;
  private closed = false;
  private pendingStart: { resolve: () => void; reject: (error: Error) => void } | undefined;
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  onframe?: TracedTransport['onframe'];
  onbridgeevent?: TracedTransport['onbridgeevent'];
  closeReason: string | undefined;
  /** True when the connection ended because the bridge itself went away (stopped, restarted, network). */
  lostBridge = false;
  protocolVersion: string | undefined;
  recordingId: string | undefined;

  constructor(
    private readonly socket: BridgeSocket,
    private readonly target: ServerTarget,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('BridgeTransport already started');
    this.started = true;
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

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error(this.closeReason ?? 'Not connected');
    this.unacknowledged.push(message);
    this.socket.send({ type: 'send', message });
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
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
        if (message.event.kind === 'exited') {
          const { code, signal } = message.event;
          this.closeReason = signal ? `Server was killed by ${signal}` : `Server exited with code ${code}`;
        }
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
