import type { IncomingMessage } from 'node:http';
import type { StoredOAuthClientInformation } from '@modelcontextprotocol/client';
import type { Request, RequestHandler, Response } from 'express';
import { clientMetadataUrlFor } from './client-metadata-document.ts';
import type { RegistrationStore } from './connection-clients.ts';
import type { OAuthOptions } from './oauth-options.ts';
import type { OAuthTokenFile } from './token-file.ts';

/** Path of the bridge's OAuth redirect URI. */
export const CALLBACK_PATH = '/oauth/callback';

/**
 * Hosted mode: the callback again, reached from the bridge's own page when the authorization
 * server's cross-site redirect came without the sign-in cookie (it is SameSite=Strict).
 */
export const CALLBACK_CONFIRM_PATH = '/oauth/callback/confirm';

/** Hosted mode: the page opens this (with `?state=`) instead of the authorization URL. */
export const AUTHORIZE_PATH = '/oauth/authorize';

/** How long a sign-in may wait for the person to come back. */
const SIGN_IN_WAIT_MS = 10 * 60_000;

/**
 * How long the callback page waits, after the authorization server refused the scope, for the
 * connection to register again and open the authorization once more (one registration request).
 */
const RETRY_WAIT_MS = 15_000;

/** Who sent a request to the bridge (hosted mode's signed-in user), or undefined when nobody is signed in. */
export type IdentifyRequest = (request: IncomingMessage) => string | undefined;

/** A connection waiting for its sign-in's callback. */
interface Waiting {
  deliver: (params: URLSearchParams) => void;
  /** Hosted mode: the user who started the sign-in, the only one who may open or finish it. */
  owner: string | undefined;
  authorizationUrl: URL | undefined;
}

/**
 * The bridge's side of browser sign-in: connections wait here, by the `state` they sent, for the
 * authorization server's redirect to `/oauth/callback`; the route hands its query to the waiting
 * connection. A callback whose state no connection waits for is refused (a stale or forged one).
 *
 * In hosted mode (`identify` given) each sign-in belongs to the user whose connection started it:
 * the page gets a link to `/oauth/authorize` (never the authorization URL, which names the catalog
 * server), and only that user may open it or finish the sign-in at the callback. Another user
 * holding the link or the callback's URL gets a refusal, and the owner's sign-in goes on waiting.
 */
export class OAuthCallbacks {
  private readonly waiting = new Map<string, Waiting>();
  /** Callback tabs whose sign-in is asked again, by the refused sign-in's state: where to send them. */
  private readonly retries = new Map<string, (link: string | undefined) => void>();
  /** Dynamic registrations, per user (single-user mode: one), kept while the bridge runs. */
  private readonly registrations = new Map<string, Map<string, StoredOAuthClientInformation>>();

  /** The callback's full URL, as registered with authorization servers (set once the bridge listens). */
  redirectUrl = '';

  /**
   * `tokens`: single-user mode's file of tokens kept for the next connect (none: memory only).
   * `identify`: hosted mode's signed-in user of a request.
   */
  constructor(
    readonly tokens?: OAuthTokenFile,
    private readonly identify?: IdentifyRequest,
  ) {}

  /**
   * The OAuth options of a page's connection to an HTTP server: browser sign-in through the bridge.
   * `owner` is the hosted user the connection acts for.
   */
  options(serverUrl?: string, owner?: string): OAuthOptions {
    const clientMetadataUrl = clientMetadataUrlFor(this.redirectUrl);
    const link = (url: URL, state: string) =>
      this.identify ? `${AUTHORIZE_PATH}?state=${encodeURIComponent(state)}` : url.href;
    return {
      redirectUrl: this.redirectUrl,
      ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
      authorize: (url, state, retryOf) => {
        const answer = this.wait(state, owner, url);
        if (retryOf) this.retries.get(retryOf)?.(link(url, state));
        return answer;
      },
      refusalFinal: (state) => this.retries.get(state)?.(undefined),
      ...(this.identify ? { signInLink: link } : {}),
      ...(this.tokens && serverUrl ? { savedSignIn: this.tokens.slot(serverUrl) } : {}),
      registrations: this.registrationsOf(owner ?? ''),
      // Hosted users see no catalog server's addresses; the bodies of its OAuth answers name them.
      stepBodies: !this.identify,
    };
  }

  /** The dynamic registrations kept for `owner`, by issuer and this bridge's redirect URI. */
  private registrationsOf(owner: string): RegistrationStore {
    let kept = this.registrations.get(owner);
    if (!kept) this.registrations.set(owner, (kept = new Map()));
    const key = (issuer: string) => `${this.redirectUrl} ${issuer}`;
    const store = kept;
    return {
      get: (issuer) => store.get(key(issuer)),
      set: (issuer, client) => void store.set(key(issuer), client),
      delete: (issuer) => void store.delete(key(issuer)),
    };
  }

  /**
   * After the callback for `state` refused the scope: the link of the authorization asked again in
   * its place, once the connection opened it; undefined when it does not within the wait.
   */
  private retryLink(state: string): Promise<string | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(undefined), RETRY_WAIT_MS);
      timer.unref();
      const done = (link: string | undefined) => {
        clearTimeout(timer);
        this.retries.delete(state);
        resolve(link);
      };
      this.retries.set(state, done);
    });
  }

  /** Resolves with the callback's query for `state`; rejects after the waiting time. */
  wait(state: string, owner?: string, authorizationUrl?: URL): Promise<URLSearchParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(state);
        reject(new Error('Sign-in was not finished within 10 minutes: start over to try again'));
      }, SIGN_IN_WAIT_MS);
      timer.unref();
      this.waiting.set(state, {
        owner,
        authorizationUrl,
        deliver: (params) => {
          clearTimeout(timer);
          this.waiting.delete(state);
          resolve(params);
        },
      });
    });
  }

  /** The `GET /oauth/callback` route (and hosted mode's confirm step): a small page that says what happened. */
  route(): RequestHandler {
    return (request, response) => {
      const params = new URLSearchParams(request.originalUrl.split('?')[1] ?? '');
      const waiting = this.waiting.get(params.get('state') ?? '');
      response.set('cache-control', 'no-store').type('html');
      if (!waiting) {
        response
          .status(400)
          .send(
            page(
              'This sign-in is not expected',
              'No connection is waiting for it (it was finished, cancelled or is too old). Start over from Toolscope.',
            ),
          );
        return;
      }
      if (this.identify && !this.ownedBy(request, response, waiting, params)) return;
      const error = params.get('error');
      const state = params.get('state') ?? '';
      // A refused scope may be asked again after registering again: this tab goes on to it.
      const retry = error === 'invalid_scope' ? this.retryLink(state) : undefined;
      waiting.deliver(params);
      if (retry)
        void retry.then((link) => {
          if (link) response.redirect(302, link);
          else
            response.send(
              page(
                'Sign-in failed',
                `The authorization server answered ${escapeHtml(error!)}. Toolscope shows what to do.`,
              ),
            );
        });
      else
        response.send(
          error
            ? page(
                'Sign-in failed',
                `The authorization server answered ${escapeHtml(error)}. Toolscope shows what to do.`,
              )
            : page('Signed in', 'Toolscope continues by itself. You can close this tab.'),
        );
    };
  }

  /** Hosted mode's `GET /oauth/authorize?state=`: sends the sign-in's owner on to the authorization server. */
  authorizeRoute(): RequestHandler {
    return (request, response) => {
      const state = typeof request.query.state === 'string' ? request.query.state : '';
      const waiting = this.waiting.get(state);
      response.set('cache-control', 'no-store');
      if (!waiting?.authorizationUrl) {
        response
          .status(400)
          .type('html')
          .send(
            page(
              'This sign-in is not expected',
              'It was finished, cancelled or is too old. Start over from Toolscope.',
            ),
          );
        return;
      }
      const user = this.identify?.(request);
      if (this.identify && user !== waiting.owner) {
        response
          .status(user === undefined ? 401 : 403)
          .type('html')
          .send(
            user === undefined
              ? page('Sign in to Toolscope first', 'Then start the sign-in again from Toolscope.')
              : page(
                  'Not your sign-in',
                  'Another Toolscope user started this sign-in. Start your own from Toolscope.',
                ),
          );
        return;
      }
      response.redirect(302, waiting.authorizationUrl.href);
    };
  }

  /**
   * Hosted mode: whether the callback comes from the user who started the sign-in; else answers
   * the request itself. Without an identity, the first request (the authorization server's
   * cross-site redirect, which carries no SameSite=Strict cookie) gets a page that reloads the
   * callback from this site, so that the browser sends the cookie.
   */
  private ownedBy(request: Request, response: Response, waiting: Waiting, params: URLSearchParams): boolean {
    const user = this.identify?.(request);
    if (user === waiting.owner) return true;
    if (user === undefined && request.path === CALLBACK_PATH) {
      const next = escapeHtml(`${CALLBACK_CONFIRM_PATH}?${params}`);
      response.send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${next}"><title>Finishing sign-in · Toolscope</title></head><body style="font-family:system-ui;margin:3rem"><h1>Finishing sign-in</h1><p><a href="${next}">Continue</a></p></body></html>`,
      );
      return false;
    }
    response
      .status(user === undefined ? 401 : 403)
      .send(
        user === undefined
          ? page(
              'Sign in to Toolscope first',
              'This sign-in belongs to a Toolscope user: sign in, then start over.',
            )
          : page(
              'Not your sign-in',
              'Another Toolscope user started this sign-in, so it was not finished. Start your own from Toolscope.',
            ),
      );
    return false;
  }
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Toolscope</title></head><body style="font-family:system-ui;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
