import type { IncomingMessage } from 'node:http';
import express, { Router, type Request, type Response } from 'express';
import { NEXT_PARAM, SIGN_IN_PATH, SIGN_OUT_PATH } from '#shared/hosted.ts';
import type { AccessGuard } from '../../http/access-guard.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { ProxyTrust } from '../http/proxy-trust.ts';
import { RateWindow } from '../limits/rate-window.ts';
import { isRefusal, type Authenticator } from './authenticator.ts';
import { clearedSessionCookies, sessionCookie } from './cookies.ts';
import { renderSignInPage, safeNext, SIGN_IN_CSS, SIGN_IN_CSS_PATH } from './sign-in-page.ts';
import type { RevokedSignIns, CookieSigner } from './sign-in-cookie.ts';

/** Failed sign-ins one client address may make per minute before it must wait. */
const FAILURES_PER_MINUTE = 10;

/** What the sign-in routes need. */
export interface SignInOptions {
  guard: AccessGuard;
  auth: Authenticator;
  signer: CookieSigner;
  revoked: RevokedSignIns;
  proxies: ProxyTrust;
  audit: AuditLog;
  maxAgeMs: number;
  /** False when the config lists no tokens (the SSO proxy alone signs people in). */
  tokens: boolean;
}

/**
 * The sign-in page and sign-out, as plain HTML forms (no script): a correct token sets the session
 * cookie and sends the browser on to the page it came for. Both POSTs pass the same Host and
 * Origin checks as the API, so another site cannot sign a visitor in or out.
 */
export function signInRoutes(options: SignInOptions): Router {
  const router = Router();
  const failures = new RateWindow(FAILURES_PER_MINUTE, 60_000);
  const form = express.urlencoded({ extended: false, limit: '8kb' });

  router.get(SIGN_IN_CSS_PATH, (_request, response) => {
    response.type('text/css').setHeader('Cache-Control', 'max-age=3600').send(SIGN_IN_CSS);
  });

  router.get(SIGN_IN_PATH, (request, response) => {
    const next = safeNext(request.query[NEXT_PARAM]);
    const current = options.auth.identify(request);
    const signedInAs = isRefusal(current)
      ? undefined
      : { user: current.user, bySso: current.via === 'header' };
    page(response, 200, { next, tokens: options.tokens, ...(signedInAs ? { signedInAs } : {}) });
  });

  router.post(SIGN_IN_PATH, form, (request, response) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const next = safeNext(body[NEXT_PARAM]);
    const site = options.guard.checkSite(request);
    if (site) return page(response, site.status, { next, tokens: options.tokens, error: site.reason });
    const client = options.proxies.clientAddress(request);
    const found = typeof body.token === 'string' ? options.auth.checkToken(body.token.trim()) : undefined;
    if (!found) {
      options.audit.signIn(undefined, 'token', client, 'refused');
      const waited = failures.take(client);
      const error = waited.ok
        ? 'That token is not valid. Check it with your admin.'
        : `Too many failed attempts: wait ${Math.ceil(waited.retryAfterMs / 1000)} s and try again.`;
      return page(response, waited.ok ? 401 : 429, { next, tokens: options.tokens, error });
    }
    const { value } = options.signer.issue(found.user, found.tag, options.maxAgeMs);
    response.setHeader('Set-Cookie', sessionCookie(value, options.maxAgeMs / 1000, secure(request, options)));
    options.audit.signIn(found.user, 'token', client, 'ok');
    response.redirect(303, next);
  });

  router.get(SIGN_OUT_PATH, (request, response) => {
    const current = options.auth.identify(request);
    if (isRefusal(current)) return response.redirect(303, SIGN_IN_PATH);
    page(response, 200, {
      next: '/',
      tokens: options.tokens,
      signedInAs: { user: current.user, bySso: current.via === 'header' },
    });
  });

  router.post(SIGN_OUT_PATH, form, (request, response) => {
    // Another site's Origin is refused. No Origin, or `null` (a form posted from a no-referrer page
    // such as the app's own), is let through: the SameSite=Strict cookie is not sent cross-site
    // anyway, and signing out is all this can do.
    const site = options.guard.checkSite(
      request.headers.origin === 'null'
        ? ({ headers: { host: request.headers.host } } as IncomingMessage)
        : request,
    );
    if (site) return page(response, 403, { next: '/', tokens: options.tokens, error: site.reason });
    const current = options.auth.identify(request);
    if (!isRefusal(current) && current.signIn) {
      options.revoked.revoke(current.signIn);
      options.audit.signOut(current.user, options.proxies.clientAddress(request));
    }
    response.setHeader('Set-Cookie', clearedSessionCookies(secure(request, options)));
    response.redirect(303, SIGN_IN_PATH);
  });

  return router;
}

function page(response: Response, status: number, view: Parameters<typeof renderSignInPage>[0]): void {
  response.status(status).type('html').setHeader('Cache-Control', 'no-store').send(renderSignInPage(view));
}

function secure(request: Request, options: SignInOptions): boolean {
  return options.proxies.isHttps(request);
}
