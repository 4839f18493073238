import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { Frame } from '#shared/bridge-protocol.ts';
import { MessageBudget, readViewMessage } from './view-message.ts';
import { readConsoleEnvelope, type ViewConsoleEntry } from '../developer/view-console-probe.ts';

/** Adds a message between the page and a View to the trace (`seq` is set by the trace). */
export type ViewFrameSink = (frame: Frame) => void;

/** JSON-RPC's "Invalid Request": what a refused View request is answered with. */
export const REFUSED_CODE = -32600;

/**
 * The SDK `Transport` between the page (the host) and one View, through its sandbox proxy: messages go out
 * to the proxy's window at the sandbox origin only, and come in only from that window and that origin,
 * checked (JSON-RPC 2.0, size) and rate-limited. Everything that passes, and everything refused, is traced;
 * a refused request is answered with a JSON-RPC error, so the View is not left waiting for its own timeout.
 * What the View's console probe reports (console lines, CSP violations) goes to `onconsole`, not the trace:
 * it is not protocol.
 */
export class ViewTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** A console line or CSP violation the View's document reported; `dropped` counts those over budget. */
  onconsole?: (entry: ViewConsoleEntry | { dropped: true }) => void;
  private readonly budget: MessageBudget;
  private readonly consoleBudget = new MessageBudget(200, 1000);
  private flooded = false;
  private consoleFlooded = false;
  private closed = false;

  constructor(
    /** The proxy iframe's window: this View's frame only, never another frame the page shows later. */
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
    const entry = readConsoleEnvelope(event.data);
    if (entry) return this.console(entry);
    if (!this.budget.take(Date.now())) {
      if (!this.flooded) this.refuse(event.data, 'refused: the View sends too many messages; dropping them');
      else this.answerRefused(event.data, 'the View sends too many messages', false);
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

  private console(entry: ViewConsoleEntry): void {
    if (!this.consoleBudget.take(Date.now())) {
      if (!this.consoleFlooded) this.onconsole?.({ dropped: true });
      this.consoleFlooded = true;
      return;
    }
    this.consoleFlooded = false;
    this.onconsole?.(entry);
  }

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
    this.answerRefused(data, error.replace(/^refused: /, ''), true);
  }

  /**
   * Answers a refused request (one with a method and a usable id) with a JSON-RPC error. Traced, except
   * during a flood, where the one refused row stands for all of them.
   */
  private answerRefused(data: unknown, reason: string, traced: boolean): void {
    const id = requestIdOf(data);
    if (id === undefined || this.closed) return;
    const reply: JSONRPCMessage = {
      jsonrpc: '2.0',
      id,
      error: { code: REFUSED_CODE, message: `Refused by the host: ${reason}` },
    };
    if (traced) void this.send(reply);
    else this.target()?.postMessage(reply, this.origin);
  }
}

/** The id of something that looks like a request (a method and a string or number id), else undefined. */
function requestIdOf(data: unknown): string | number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { id, method } = data as { id?: unknown; method?: unknown };
  if (typeof method !== 'string') return undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

function frameOf(direction: 'to-view' | 'from-view', message: JSONRPCMessage): Frame {
  const bytes = new TextEncoder().encode(JSON.stringify(message)).length;
  return { seq: 0, direction, time: Date.now(), bytes, message };
}
