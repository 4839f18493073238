import express, { type Express } from 'express';
import { ADMIN_API } from '#shared/hosted-admin.ts';
import { providersFromConfig } from '../../chat/chat-providers.ts';
import { chatRoutes } from '../../chat/chat-routes.ts';
import { jsonErrors } from '../../http/json-errors.ts';
import { requireSameSite, sharedRoutes } from '../../http/shared-routes.ts';
import { staticRoutes } from '../../http/static-routes.ts';
import type { OAuthCallbacks } from '../../oauth/oauth-callbacks.ts';
import { adminOverview } from '../admin/admin-overview.ts';
import { adminRoutes } from '../admin/admin-routes.ts';
import { isRefusal } from '../auth/authenticator.ts';
import { signInRoutes } from '../auth/sign-in-routes.ts';
import type { HostedParts } from '../hosted-parts.ts';
import { RateWindow } from '../limits/rate-window.ts';
import { createGuardedFetch } from '../net/guarded-fetch.ts';
import type { Resolver } from '../net/pinned-fetch.ts';
import type { ConfigReloader } from '../ops/config-reloader.ts';
import type { HostedLogs } from '../ops/logging.ts';
import { healthRoutes, METRICS_PATH, metricsHandler, metricsReaders } from '../ops/ops-routes.ts';
import { requestLog } from '../ops/request-log.ts';
import { securityHeaders } from '../ops/security-headers.ts';
import { ownedRecordingRoutes } from '../recordings/owned-recording-routes.ts';
import type { HostedStore } from '../recordings/hosted-store.ts';
import { hostedApiRoutes } from './hosted-api-routes.ts';
import { hostedOAuth } from './hosted-oauth.ts';
import { checkRequest, identityOf, requireIdentity } from './require-identity.ts';
import { SITE_CHECK_PATH, siteCheck } from './site-check.ts';

/** What the hosted bridge's HTTP routes are built from. */
export interface HostedAppParts {
  parts: HostedParts;
  logs: HostedLogs;
  store: HostedStore;
  reloader: ConfigReloader;
  /** Folder of the built web app. */
  distDir: string;
  version: string;
  graceMs: number;
  /** The origin of the sandbox that serves apps' and shared recordings' HTML. */
  sandboxOrigin: string;
  /** Whether the bridge is shutting down (then /readyz says so). */
  stopping: () => boolean;
  /** Whether the store answers: undefined when it does, else what is wrong. */
  storeProblem: () => Promise<string | undefined>;
  /** Tests answer DNS lookups of user URLs themselves. */
  resolve?: Resolver;
}

/** The hosted bridge's HTTP routes, with the OAuth callbacks its page sockets use. */
export interface HostedApp {
  app: Express;
  oauth: OAuthCallbacks;
  /** Ends what the routes hold open (the chat's guarded fetch). */
  close(): void;
}

/**
 * The hosted bridge's HTTP routes, in the order they are checked: health checks and metrics, the
 * person's sign-in, then everything under /api behind the user's identity (recordings, admin,
 * chat), sign-in to protected catalog servers, the static page, and JSON errors.
 */
export function hostedApp(input: HostedAppParts): HostedApp {
  const { parts, logs, store, reloader } = input;
  const { proxies, auth, guard, connected, channels, config } = parts;
  const { log, audit } = logs;
  const { recordings, status: recording, owned } = store;
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLog(log, proxies));
  app.use(securityHeaders(input.sandboxOrigin));
  app.use(
    healthRoutes(
      async () => {
        if (input.stopping()) return { reason: 'stopping' };
        const detail = await input.storeProblem();
        return detail === undefined ? undefined : { reason: 'the recordings store does not answer', detail };
      },
      (problem) => log.warn({ problem }, 'not ready'),
    ),
  );
  const identity = requireIdentity(guard, auth);
  if (config.metrics.enabled && config.metrics.port === undefined)
    app.get(
      METRICS_PATH,
      identity,
      metricsReaders(
        (user) => parts.config.metrics.users.includes(user) || parts.isAdmin(user),
        (response) => identityOf(response).user,
      ),
      metricsHandler(parts.metrics),
    );
  app.use(
    signInRoutes({
      guard,
      auth,
      signer: parts.signer,
      revoked: parts.revoked,
      proxies,
      audit,
      maxAgeMs: config.auth.session.maxAgeHours * 3_600_000,
      // Read at each request: a reload may add the first token, or remove the last.
      get tokens() {
        return parts.config.auth.tokens.length > 0;
      },
    }),
  );
  app.post(SITE_CHECK_PATH, siteCheck(guard));
  const sharedAccess = requireSameSite(guard);
  app.use(
    '/api/shared',
    (request, response, next) =>
      parts.config.sharing.public ? sharedAccess(request, response, next) : identity(request, response, next),
    sharedRoutes(recordings, input.sandboxOrigin),
  );
  app.use('/api', identity);
  if (owned && recordings) app.use('/api/recordings', ownedRecordingRoutes(owned, recordings, audit));
  else
    app.use('/api/recordings', (_request, response) => {
      response
        .status(503)
        .json({ error: `Recording is off: ${recording.problem ?? 'store.record is false'}` });
    });
  app.use(
    ADMIN_API,
    adminRoutes({
      isAdmin: (user) => parts.isAdmin(user),
      overview: () =>
        adminOverview({
          config: () => parts.config,
          connected,
          pageSockets: parts.pageSockets,
          recordings,
          lastReload: () => reloader.last,
        }),
      connected,
      endConnection: async (id, reason) => {
        const channel = parts.channelOf(id);
        await channel?.disconnect(reason);
        return channel !== undefined;
      },
      recordings,
      reload: (by) => reloader.reload(by),
      audit,
    }),
  );
  // The chat playground: the admin's providers and models only, keys from the config, a limit per user.
  const chatRequests = new RateWindow(config.chat.requestsPerMinute, 60_000);
  // Users' own endpoints are user-entered URLs: the same policy as their server URLs, checked at each address.
  const policy = parts.context.userUrls.policy;
  const chatFetch = config.chat.allowUserEndpoints
    ? createGuardedFetch(policy, input.resolve ? { resolve: input.resolve } : {})
    : undefined;
  app.use(
    '/api/chat',
    chatRoutes({
      providers: providersFromConfig(config.chat.providers),
      pageKeysAllowed: false,
      userOf: (response) => identityOf(response).user,
      ...(chatFetch && {
        userEndpoints: {
          checkUrl: (url: URL) => policy.checkUrl(url),
          fetch: chatFetch.fetch as typeof globalThis.fetch,
        },
      }),
      requestLimit: {
        perMinute: config.chat.requestsPerMinute,
        take: (response) => chatRequests.take(identityOf(response).user),
      },
    }),
  );
  app.use(
    '/api',
    hostedApiRoutes({
      version: input.version,
      graceMs: input.graceMs,
      recording,
      config: () => parts.config,
      connected,
      channels,
      sandboxOrigin: input.sandboxOrigin,
    }),
  );
  // Sign-in to protected catalog servers: each user's own, tokens in the connection's memory only.
  const oauth = hostedOAuth(app, (request) => {
    const found = checkRequest(guard, auth, request, false);
    return isRefusal(found) ? undefined : found.user;
  });
  app.use(staticRoutes(input.distDir));
  // Share ids are keys to recordings: not in the log.
  app.use(jsonErrors((line) => log.error(line.replace(/(\/api\/shared\/)[^/\s]+/g, '$1***'))));
  return { app, oauth, close: () => chatFetch?.close() };
}
