import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Identity } from '../auth/authenticator.ts';
import type { ProxyTrust } from '../http/proxy-trust.ts';

/** Requests logged at debug only: probes, scrapes and static files would drown the rest. */
const QUIET = /^\/(healthz|readyz|metrics|assets\/|favicon)/;

/**
 * Gives each request an id (a trusted proxy's X-Request-Id, else a new one), returns it in
 * X-Request-Id, and logs one line per request when it ends: method, path without its query (which
 * may hold secrets) and with share ids hidden (each is a key to a recording), status, time, client
 * address and user.
 */
export function requestLog(log: Logger, proxies: ProxyTrust): RequestHandler {
  return (request, response, next) => {
    const id = proxies.requestId(request) ?? randomUUID();
    response.locals.requestId = id;
    response.setHeader('X-Request-Id', id);
    const started = performance.now();
    response.once('finish', () => {
      const path = loggablePath(request.originalUrl);
      const identity = response.locals.identity as Identity | undefined;
      const quiet = QUIET.test(path) || (!path.startsWith('/api/') && response.statusCode < 400);
      log[quiet ? 'debug' : 'info'](
        {
          reqId: id,
          method: request.method,
          path,
          status: response.statusCode,
          ms: Math.round(performance.now() - started),
          client: proxies.clientAddress(request),
          ...(identity ? { user: identity.user } : {}),
        },
        'request',
      );
    });
    next();
  };
}

/** The path of a URL, its query dropped and share ids masked. */
export function loggablePath(url: string): string {
  return url
    .split('?')[0]!
    .replace(/^(\/api\/shared\/|\/share\/)[^/]+/, '$1***')
    .slice(0, 300);
}
