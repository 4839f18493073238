import type { RequestHandler } from 'express';
import type { OAuthOptions } from './oauth-options.ts';
import type { OAuthTokenFile } from './token-file.ts';

/** Path of the bridge's OAuth redirect URI. */
export const CALLBACK_PATH = '/oauth/callback';

/** How long a sign-in may wait for the person to come back. */
const SIGN_IN_WAIT_MS = 10 * 60_000;

/**
 * The bridge's side of browser sign-in: connections wait here, by the `state` they sent, for the
 * authorization server's redirect to `/oauth/callback`; the route hands its query to the waiting
 * connection. A callback whose state no connection waits for is refused (a stale or forged one).
 */
export class OAuthCallbacks {
  private readonly waiting = new Map<string, (params: URLSearchParams) => void>();

  /** The callback's full URL, as registered with authorization servers (set once the bridge listens). */
  redirectUrl = '';

  /** Single-user mode: where tokens are kept for the next connect (none: memory only). */
  constructor(readonly tokens?: OAuthTokenFile) {}

  /** The OAuth options of a page's connection to an HTTP server: browser sign-in through the bridge. */
  options(serverUrl?: string): OAuthOptions {
    return {
      redirectUrl: this.redirectUrl,
      authorize: (_url, state) => this.wait(state),
      ...(this.tokens && serverUrl ? { savedSignIn: this.tokens.slot(serverUrl) } : {}),
    };
  }

  /** Resolves with the callback's query for `state`; rejects after the waiting time. */
  wait(state: string): Promise<URLSearchParams> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(state);
        reject(new Error('Sign-in was not finished within 10 minutes: start over to try again'));
      }, SIGN_IN_WAIT_MS);
      timer.unref();
      this.waiting.set(state, (params) => {
        clearTimeout(timer);
        this.waiting.delete(state);
        resolve(params);
      });
    });
  }

  /** The `GET /oauth/callback` route: a small page that says what happened. */
  route(): RequestHandler {
    return (request, response) => {
      const params = new URLSearchParams(request.originalUrl.split('?')[1] ?? '');
      const deliver = this.waiting.get(params.get('state') ?? '');
      response.set('cache-control', 'no-store').type('html');
      if (!deliver) {
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
      deliver(params);
      const error = params.get('error');
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
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Toolscope</title></head><body style="font-family:system-ui;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
