import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import { MessageBudget, readViewMessage } from './view-message.ts';

/** Adds a message between the page and a View to the trace (`seq` is set by the trace). */
export type ViewFrameSink = (frame: Frame) => void;

/**
 * The SDK `Transport` between the page (the host) and one View, through its sandbox proxy: messages go out
 * to the proxy's window at the sandbox origin only, and come in only from that window and that origin,
 * checked (JSON-RPC 2.0, size) and rate-limited. Everything that passes, and everything refused, is traced.
 */
export class ViewTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly budget: MessageBudget;
  private flooded = false;
  private closed = false;

  constructor(
    /** The proxy iframe's window (changes when the View is reloaded). */
    private readonly target: () => Window | null | undefined,
    private readonly origin: string,
    private readonly trace: ViewFrameSink,
    budget?: MessageBudget,
  ) {
    this.budget = budget ?? new MessageBudget();
  }

  async start(): Promise<void> {
    window.addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    this.trace(frameOf('to-view', message));
    this.target()?.postMessage(message, this.origin);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    window.removeEventListener('message', this.listener);
    this.onclose?.();
  }

  /** Handles one posted message; public so tests can feed it events. */
  readonly listener = (event: MessageEvent): void => {
    const source = this.target();
    if (!source || event.source !== source) return; // Another window's message: not ours to judge.
    if (event.origin !== this.origin) {
      this.refuse(event.data, `refused: sent from ${event.origin}, not the sandbox origin`);
      return;
    }
    if (!this.budget.take(Date.now())) {
      if (!this.flooded) this.refuse(event.data, 'refused: the View sends too many messages; dropping them');
      this.flooded = true;
      return;
    }
    this.flooded = false;
    const checked = readViewMessage(event.data, 'proxy');
    if (!checked.ok) {
      this.refuse(event.data, `refused: ${checked.reason}`);
      this.onerror?.(new Error(`Malformed message from the View: ${checked.reason}`));
      return;
    }
    this.trace(frameOf('from-view', checked.message));
    this.onmessage?.(checked.message);
  };

  private refuse(data: unknown, error: string): void {
    let raw: string;
    try {
      raw = JSON.stringify(data) ?? String(data);
    } catch {
      raw = String(data);
    }
    this.trace({
      seq: 0,
      direction: 'from-view',
      time: Date.now(),
      bytes: raw.length,
      raw: raw.slice(0, 2000),
      error,
    });
  }
}

function frameOf(direction: 'to-view' | 'from-view', message: JSONRPCMessage): Frame {
  const bytes = new TextEncoder().encode(JSON.stringify(message)).length;
  return { seq: 0, direction, time: Date.now(), bytes, message };
}
