import type { IncomingMessage } from 'node:http';
import type { AuthMethod } from '#shared/hosted.ts';
import type { OpenedSocket } from '../../http/ws-endpoint.ts';

/** What a page socket was opened with: enough of its upgrade request to check its identity again. */
export type Credentials = Pick<IncomingMessage, 'headers' | 'rawHeaders' | 'socket'>;

/** One open page socket of a signed-in user. */
export interface PageSocket extends OpenedSocket {
  user: string;
  via: AuthMethod;
  credentials: Credentials;
}

/** WebSocket close code for a page whose user may no longer use the bridge (policy violation). */
export const REVOKED_CLOSE_CODE = 1008;

/**
 * The page sockets open on this process, with who opened them and how: a reloaded config checks
 * each again and ends those whose user it no longer lets in, and the admin's view counts them.
 */
export class PageSockets {
  private readonly open = new Set<PageSocket>();

  /** Keeps `socket` until the returned function is called (its socket closed). */
  add(socket: PageSocket): () => void {
    this.open.add(socket);
    return () => this.open.delete(socket);
  }

  /** Every open page socket. */
  all(): PageSocket[] {
    return [...this.open];
  }

  /** How many pages each user has open. */
  countByUser(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const socket of this.open) counts.set(socket.user, (counts.get(socket.user) ?? 0) + 1);
    return counts;
  }

  /**
   * Ends every page whose credentials `stillUser` no longer accepts for its user: its connection
   * ends with `reason` (the page shows it), then its socket closes. Returns the users ended.
   */
  async endRefused(stillUser: (credentials: Credentials) => string | undefined, reason: string) {
    const ended = this.all().filter((socket) => stillUser(socket.credentials) !== socket.user);
    await Promise.all(
      ended.map(async (socket) => {
        this.open.delete(socket);
        await socket.channel.disconnect(reason);
        socket.close(REVOKED_CLOSE_CODE, reason.slice(0, 120));
      }),
    );
    return [...new Set(ended.map((socket) => socket.user))];
  }
}

/** The parts of an upgrade request the authenticator reads, kept without the rest of the request. */
export function credentialsOf(request: IncomingMessage): Credentials {
  return { headers: { ...request.headers }, rawHeaders: [...request.rawHeaders], socket: request.socket };
}
