import type { ClientToBridge } from '#shared/bridge-protocol.ts';
import type { ProtocolEraChoice, StdioTarget } from '#shared/targets.ts';
import { BridgeSocket } from '#client/transport/bridge-socket.ts';
import type { UserHeaderValues } from './user-header-values.ts';

/**
 * The target the page's session connects to for a catalog server. In hosted mode the bridge starts
 * no command the page names, so a stdio target there can only mean "the catalog entry called
 * `command`": {@link CatalogBridgeSocket} turns its connect into a catalog connect. `era` is the
 * page's "Protocol era" choice for it, which the session speaks and the bridge records.
 */
export function catalogTarget(server: string, era?: ProtocolEraChoice): StdioTarget {
  return { transport: 'stdio', command: server, args: [], ...(era ? { era } : {}) };
}

/** The catalog entry a target names, or undefined for a user URL. */
export function catalogServerOf(target: { transport: string; command?: string }): string | undefined {
  return target.transport === 'stdio' ? target.command : undefined;
}

/**
 * The page's socket to a hosted bridge: a connect to a {@link catalogTarget} goes out as a catalog
 * connect, with the user's own header values for that entry (kept in this tab's memory only);
 * everything else (user URLs, relayed messages) goes out unchanged.
 */
export class CatalogBridgeSocket extends BridgeSocket {
  constructor(
    url: string,
    private readonly headers: UserHeaderValues,
  ) {
    super(url);
  }

  override send(message: ClientToBridge): void {
    if (message.type !== 'connect' || !message.target) return super.send(message);
    const server = catalogServerOf(message.target);
    if (server === undefined) return super.send(message);
    const headers = this.headers.valuesFor(server);
    const { era } = message.target;
    super.send({
      type: 'connect',
      catalog: { server, ...(Object.keys(headers).length ? { headers } : {}), ...(era ? { era } : {}) },
    });
  }
}
