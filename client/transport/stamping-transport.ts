import type { Transport } from '@modelcontextprotocol/client';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import type { TracedTransport } from './traced-transport.ts';

/**
 * Wraps any SDK transport and stamps its frames the way the bridge does; lets the session run
 * over in-memory transports in tests with the same trace as in production.
 */
export class StampingTransport implements TracedTransport {
  private seq = 0;
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  onframe?: TracedTransport['onframe'];
  onbridgeevent?: TracedTransport['onbridgeevent'];
  protocolVersion: string | undefined;
  closeReason: string | undefined;

  constructor(private readonly inner: Transport) {
    inner.onmessage = (message) => {
      this.stamp('in', message);
      this.onmessage?.(message);
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.stamp('out', message);
    await this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  private stamp(direction: Frame['direction'], message: JSONRPCMessage): void {
    const bytes = new TextEncoder().encode(JSON.stringify(message)).length;
    this.onframe?.({ seq: this.seq++, direction, time: Date.now(), bytes, message });
  }
}
