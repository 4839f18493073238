import type { Client } from '@modelcontextprotocol/client';
import type { SessionExtension } from '#client/session/session-extension.ts';
import { Store } from '#client/lib/store.ts';
import type { LoggingLevel } from './log-levels.ts';

/** The `_meta` key of a request's log level (2026-07-28). */
export const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';

/** The last ping: its round trip, or why it failed. */
export type PingResult = { ok: true; ms: number; at: number } | { ok: false; error: string; at: number };

/** Requests the user sends to the server from the log pane. */
export interface ControlsState {
  /** The level last accepted by the server in this connection; servers start at their own default. */
  logLevel: LoggingLevel | undefined;
  logLevelError: string | undefined;
  ping: PingResult | undefined;
  pinging: boolean;
}

const initialState: ControlsState = {
  logLevel: undefined,
  logLevelError: undefined,
  ping: undefined,
  pinging: false,
};

/** logging/setLevel and ping, against whichever connection is current; reset on every connect. */
export class ServerControls extends Store<ControlsState> implements SessionExtension {
  private client: Client | undefined;

  constructor(private readonly clock: () => number = () => performance.now()) {
    super(initialState);
  }

  attach(client: Client): void {
    this.client = client;
    this.update(initialState);
  }

  detach(): void {
    this.client = undefined;
    this.update({ pinging: false });
  }

  /**
   * Sends logging/setLevel; the server then sends only messages at this level or above. In the
   * 2026-07-28 era there is no such request: the level goes in the `_meta` of each call instead.
   */
  async setLogLevel(level: LoggingLevel): Promise<void> {
    const client = this.client;
    if (!client) return;
    if (client.getProtocolEra() === 'modern') {
      this.update({ logLevel: level, logLevelError: undefined });
      return;
    }
    try {
      await client.setLoggingLevel(level);
      if (client === this.client) this.update({ logLevel: level, logLevelError: undefined });
    } catch (error) {
      if (client === this.client) this.update({ logLevelError: describe(error) });
    }
  }

  /** The log level for a call's `_meta`, in the 2026-07-28 era once the user chose one. */
  requestMeta(): Record<string, unknown> | undefined {
    const level = this.get().logLevel;
    if (!level || this.client?.getProtocolEra() !== 'modern') return undefined;
    return { [LOG_LEVEL_META_KEY]: level };
  }

  /** Sends ping and measures the round trip. */
  async ping(): Promise<PingResult | undefined> {
    const client = this.client;
    if (!client) return undefined;
    this.update({ pinging: true });
    const started = this.clock();
    let result: PingResult;
    try {
      await client.ping();
      result = { ok: true, ms: this.clock() - started, at: Date.now() };
    } catch (error) {
      result = { ok: false, error: describe(error), at: Date.now() };
    }
    if (client === this.client) this.update({ ping: result, pinging: false });
    return result;
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^MCP error -?\d+: /, '');
}
