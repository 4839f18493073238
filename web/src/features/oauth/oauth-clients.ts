import type { ClientToBridge, OAuthClientChoice } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { BridgeSocket } from '#client/transport/bridge-socket.ts';

/**
 * The pre-registered OAuth clients the user entered, by server URL, in this tab's memory only: a
 * client secret must never reach the page's storage, a recording, an export or a permalink, so it
 * lives nowhere but here and in the bridge's memory for the connection it is sent with.
 */
export class OAuthClients {
  private readonly byUrl = new Map<string, OAuthClientChoice>();
  private readonly guidedUrls = new Set<string>();
  /** The socket of the page's latest connection, for "Next step". */
  socket: BridgeSocket | undefined;
  /** When the page asked for each connection (Connect, Start over…): where the debugger's separators go. */
  readonly connects: number[] = [];

  /** True when sign-in to `target` runs in guided mode (one request per "Next step"). */
  guided(target: ServerTarget | undefined): boolean {
    return Boolean(target && target.transport !== 'stdio' && this.guidedUrls.has(target.url));
  }

  setGuided(target: ServerTarget, on: boolean): void {
    if (target.transport === 'stdio') return;
    if (on) this.guidedUrls.add(target.url);
    else this.guidedUrls.delete(target.url);
  }

  /** "Clear tokens": the bridge deletes the tokens it keeps for the next connect to this server. */
  clearTokens(): void {
    this.socket?.send({ type: 'oauth-clear-tokens' });
  }

  /** Guided mode: lets the bridge send the sign-in's next request. */
  next(): void {
    this.socket?.send({ type: 'oauth-next' });
  }

  /** The client entered for `target`'s URL (HTTP and SSE targets only). */
  get(target: ServerTarget | undefined): OAuthClientChoice | undefined {
    return target && target.transport !== 'stdio' ? this.byUrl.get(target.url) : undefined;
  }

  /** Keeps `client` for `target`'s URL; an empty client id forgets it. */
  set(target: ServerTarget, client: OAuthClientChoice): void {
    if (target.transport === 'stdio') return;
    if (!client.clientId.trim()) this.byUrl.delete(target.url);
    else this.byUrl.set(target.url, { ...client, clientId: client.clientId.trim() });
  }
}

/** The page's one set of entered clients (single-user mode; hosted mode has no OAuth on the page). */
export const oauthClients = new OAuthClients();

/**
 * The page's socket to its bridge: a connect to an HTTP or SSE target goes out with the client the
 * user entered for that URL (and guided mode when chosen), beside the target (never in it: the target is recorded and shared).
 */
export class OAuthClientSocket extends BridgeSocket {
  constructor(
    url: string,
    private readonly clients: OAuthClients = oauthClients,
  ) {
    super(url);
  }

  override send(message: ClientToBridge): void {
    if (message.type !== 'connect' || !message.target) return super.send(message);
    this.clients.socket = this;
    this.clients.connects.push(Date.now());
    const client = this.clients.get(message.target);
    const guided = this.clients.guided(message.target);
    super.send({
      ...message,
      ...(client ? { oauthClient: client } : {}),
      ...(guided ? { oauthGuided: true } : {}),
    });
  }
}
