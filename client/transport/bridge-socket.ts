import {
  parseBridgeMessages,
  TOKEN_PARAM,
  WS_PATH,
  type BridgeToClient,
  type ClientToBridge,
} from '#shared/bridge-protocol.ts';
import { encodeBatch, TickBatcher } from '#shared/tick-batcher.ts';

/** The browser's WebSocket to the bridge: typed messages in and out, nothing MCP-specific. */
export class BridgeSocket {
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;
  private readonly outbox = new TickBatcher<ClientToBridge>((messages) => {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(encodeBatch(messages));
  });
  onmessage?: (message: BridgeToClient) => void;
  onclose?: (reason: string) => void;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.socket.addEventListener('open', () => resolve(), { once: true });
      this.socket.addEventListener(
        'close',
        (event) => reject(new Error(`Cannot reach the bridge (WebSocket closed, code ${event.code})`)),
        { once: true },
      );
    });
    this.opened.catch(() => {
      // Reported to whoever awaits ready(); the close handler reports it to listeners.
    });
    this.socket.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'string') return;
      for (const message of parseBridgeMessages(event.data)) this.onmessage?.(message);
    });
    this.socket.addEventListener('close', (event) => {
      this.onclose?.(event.reason || `Connection to the bridge closed (code ${event.code})`);
    });
  }

  /** Resolves once the socket is open. */
  ready(): Promise<void> {
    return this.opened;
  }

  /** Sends `message`; messages sent in the same tick go out together, in order. */
  send(message: ClientToBridge): void {
    if (this.socket.readyState !== WebSocket.OPEN) throw new Error('The connection to the bridge is closed');
    this.outbox.push(message);
  }

  close(): void {
    this.outbox.flush();
    this.socket.close();
  }
}

/** The bridge's WebSocket URL for a page served by the bridge at `location`. */
export function bridgeSocketUrl(location: { protocol: string; host: string }, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
}
