import {
  parseBridgeMessage,
  TOKEN_PARAM,
  WS_PATH,
  type BridgeToClient,
  type ClientToBridge,
} from '../../../shared/bridge-protocol.ts';

/** The browser's WebSocket to the bridge: typed messages in and out, nothing MCP-specific. */
export class BridgeSocket {
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;
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
      const message = parseBridgeMessage(event.data);
      if (message) this.onmessage?.(message);
    });
    this.socket.addEventListener('close', (event) => {
      this.onclose?.(event.reason || `Connection to the bridge closed (code ${event.code})`);
    });
  }

  /** Resolves once the socket is open. */
  ready(): Promise<void> {
    return this.opened;
  }

  send(message: ClientToBridge): void {
    if (this.socket.readyState !== WebSocket.OPEN) throw new Error('The connection to the bridge is closed');
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket.close();
  }
}

/** The bridge's WebSocket URL for a page served by the bridge at `location`. */
export function bridgeSocketUrl(location: { protocol: string; host: string }, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`;
}
