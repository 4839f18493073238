import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { SendRefusal } from '../../channel/channel-policy.ts';
import type { Refusal } from '../../http/access-guard.ts';
import type { SocketGrant } from '../../http/ws-endpoint.ts';
import { isRefusal } from '../auth/authenticator.ts';
import { hostedChannelPolicy } from '../channels/hosted-policy.ts';
import { credentialsOf } from '../channels/page-sockets.ts';
import type { HostedParts } from '../hosted-parts.ts';
import { hit, isLimitHit } from '../limits/connection-slots.ts';
import { checkRequest } from './require-identity.ts';

/**
 * The access check of a page's WebSocket in hosted mode: a signed-in user within
 * `limits.socketsPerUser` gets a channel bound to them (catalog servers only, their limits, the
 * idle timeout in force), and the socket is kept with its credentials so that a reloaded config
 * can check them again.
 */
export function pageSocketGrant(
  parts: HostedParts,
  log: Logger,
  stopping: () => boolean,
): (request: IncomingMessage) => Refusal | SocketGrant {
  const takeSendBytes = (user: string, bytes: number): SendRefusal | undefined => {
    const taken = parts.sendBytes.take(user, bytes);
    if (taken.ok) return undefined;
    parts.metrics.refused('sendBytesPerMinute');
    const limited = hit(
      'sendBytesPerMinute',
      parts.sendBytes.limit,
      `this message (${bytes} bytes) was not relayed; wait ${Math.ceil(taken.retryAfterMs / 1000)} s, or ask your admin`,
      taken.retryAfterMs,
    );
    return { message: limited.message, data: { ...limited.limit } };
  };
  return (request) => {
    if (stopping()) return { status: 503, reason: 'The bridge is stopping' };
    const found = checkRequest(parts.guard, parts.auth, request, true);
    if (isRefusal(found)) return found;
    log.info(
      { user: found.user, via: found.via, client: parts.proxies.clientAddress(request) },
      'page socket opened',
    );
    const place = parts.sockets.take(found.user);
    if (isLimitHit(place)) {
      parts.metrics.refused('socketsPerUser');
      return { status: 429, reason: place.message };
    }
    const { limits } = parts.config;
    const idleSeconds = limits.idleConnectionSeconds;
    const idle =
      idleSeconds > 0
        ? {
            ms: idleSeconds * 1000,
            message: hit('idleConnectionSeconds', idleSeconds, 'connect again to go on').message,
          }
        : undefined;
    let forget = () => {};
    return {
      channel: {
        owner: found.user,
        policy: hostedChannelPolicy(parts.context, found.user),
        ...(idle ? { idle } : {}),
      },
      inbound: { heldBytes: limits.maxMessageBytes, take: (bytes) => takeSendBytes(found.user, bytes) },
      opened: (socket) => {
        forget = parts.pageSockets.add({
          ...socket,
          user: found.user,
          via: found.via,
          credentials: credentialsOf(request),
        });
      },
      closed: () => {
        forget();
        place.release();
      },
    };
  };
}
