import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { SIGN_IN_PATH } from '#shared/hosted.ts';
import type { AccessGuard, Refusal } from '../../http/access-guard.ts';
import { isRefusal, type Authenticator, type Identity } from '../auth/authenticator.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The checks of every authenticated request: the Host and Origin are this bridge's (as in
 * single-user mode), the request has an identity, and a browser's request that changes something
 * (signed in by cookie or by the SSO proxy's header) carries its Origin, which browsers always
 * send on such requests: without it, it may come from another site (CSRF). API clients using a
 * token send no cookie and need no Origin.
 */
export function checkRequest(
  guard: AccessGuard,
  auth: Authenticator,
  request: IncomingMessage,
  changes: boolean,
): Identity | Refusal {
  const site = guard.checkSite(request);
  if (site) return site;
  const identity = auth.identify(request);
  if (isRefusal(identity)) return identity;
  if (identity.via !== 'token' && changes && request.headers.origin === undefined)
    return { status: 403, reason: 'Refused: a browser request that changes something must carry its Origin' };
  return identity;
}

/** Express middleware: refuses requests without an identity, else keeps it for the routes ({@link identityOf}). */
export function requireIdentity(guard: AccessGuard, auth: Authenticator): RequestHandler {
  return (request, response, next) => {
    const result = checkRequest(guard, auth, request, !SAFE_METHODS.has(request.method));
    if (isRefusal(result)) return refuse(response, result);
    response.locals.identity = result;
    next();
  };
}

/** The identity {@link requireIdentity} found. */
export function identityOf(response: Response): Identity {
  return response.locals.identity as Identity;
}

/** A JSON refusal; a 401 says where to sign in. */
export function refuse(response: Response, refusal: Refusal): void {
  if (refusal.status === 401) response.setHeader('WWW-Authenticate', 'Bearer realm="toolscope"');
  response
    .status(refusal.status)
    .json({ error: refusal.reason, ...(refusal.status === 401 ? { signIn: SIGN_IN_PATH } : {}) });
}
