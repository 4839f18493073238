import { createServer, type Server } from 'node:http';
import express from 'express';
import type { ReloadAnswer } from '#shared/hosted-admin.ts';
import { BRIDGE_STOPPED, ownAddresses } from '../bridge.ts';
import type { ChannelRegistry } from '../channel/channel-registry.ts';
import type { Refusal } from '../http/access-guard.ts';
import { LiveViewerEndpoint } from '../http/live-viewer-endpoint.ts';
import { attachWebSocketEndpoint, closeAllSockets } from '../http/ws-endpoint.ts';
import { LargeTextParser } from '../http/large-text-parser.ts';
import { startSandbox } from '../http/sandbox-server.ts';
import { CALLBACK_PATH } from '../oauth/oauth-callbacks.ts';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
import { unreachableNames } from './admin/unreachable-names.ts';
import type { HostedConfig } from './config/load-config.ts';
import { HostedParts } from './hosted-parts.ts';
import { hostedApp } from './http/hosted-app.ts';
import { pageSocketGrant } from './http/page-socket-grant.ts';
import { checkRequest } from './http/require-identity.ts';
import { hit } from './limits/connection-slots.ts';
import type { Resolver } from './net/pinned-fetch.ts';
import { ConfigReloader } from './ops/config-reloader.ts';
import { listenOn, listenProblem } from './ops/listen.ts';
import { createLogs, type HostedLogs } from './ops/logging.ts';
import type { HostedMetrics } from './ops/metrics.ts';
import { METRICS_PATH, metricsHandler } from './ops/ops-routes.ts';
import { storeProblem } from './ops/store-check.ts';
import { openHostedStore } from './recordings/hosted-store.ts';

/** Options of {@link startHostedBridge}. */
export interface HostedBridgeOptions {
  config: HostedConfig;
  /** Folder of the built web app. */
  distDir: string;
  /** Replaces `server.port` (0 picks a free port). */
  port?: number;
  /**
   * The SQLite file of the recordings, used when the config names no `store.databaseUrl`; with
   * neither, recording is off.
   */
  recordingsFile?: string;
  version?: string;
  /** How long a server outlives its page, in ms. */
  graceMs?: number;
  /** Tests read the bytes of the logs through their own streams. */
  logs?: HostedLogs;
  /** Tests answer DNS lookups of user URLs themselves. */
  resolve?: Resolver;
  /**
   * Whether the store answers, for /readyz: undefined when it does, else what is wrong. By default
   * the store's own check (a query to PostgreSQL, a read of the SQLite file), bounded in time.
   */
  storeProblem?: () => Promise<string | undefined>;
  /** Reads the config file again for a reload (SIGHUP, an admin's action); without it, reloads are refused. */
  readConfig?: () => Promise<HostedConfig>;
}

/** A running hosted bridge. */
export interface RunningHostedBridge {
  host: string;
  port: number;
  /** The page's address (no token: people sign in). */
  url: string;
  /** The port of the separate metrics listener, when the config asks for one. */
  metricsPort?: number;
  server: Server;
  channels: ChannelRegistry;
  recordings: RecordingLibrary | undefined;
  metrics: HostedMetrics;
  logs: HostedLogs;
  /** Reads the config again and applies it; `by` is `signal` or an admin's name. Never stops the bridge. */
  reload(by: string): Promise<ReloadAnswer>;
  /** Graceful shutdown: stop accepting, close pages, end server processes, close the store, flush logs. */
  close(): Promise<void>;
}

/**
 * Starts Toolscope for a team (`toolscope serve`): every request but health checks, static files
 * and (when the admin allows) share links is authenticated; each page socket is bound to its user,
 * whose channel opens only catalog servers (or checked user URLs) within the limits.
 */
export async function startHostedBridge(options: HostedBridgeOptions): Promise<RunningHostedBridge> {
  const { config } = options;
  const version = options.version ?? '0.1.0';
  const graceMs = options.graceMs ?? 3000;
  const logs = options.logs ?? createLogs(config.log);
  await logs.ready();
  const { log, audit } = logs;
  const parts = new HostedParts(config, logs, {
    graceMs,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const { auth, guard, channels, metrics } = parts;
  for (const warning of unreachableNames(config)) log.warn(warning);
  const store = await openHostedStore(config, options.recordingsFile, logs, metrics);
  const { recordings, status: recording } = store;
  const reloader = new ConfigReloader({
    read:
      options.readConfig ??
      (() => Promise.reject(new Error('This bridge was not started from a config file'))),
    running: () => parts.config,
    apply: (plan) => parts.reconfigure(plan, recordings),
    warnings: unreachableNames,
    log,
    audit,
  });
  let stopping = false;
  const sandbox = await startSandbox({
    host: config.server.host,
    port: config.server.sandboxPort,
    publicOrigin: config.server.sandboxOrigin,
    isPageOrigin: (origin) => guard.isOwnOrigin(origin),
  }).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      listenProblem(error, config.server.host, config.server.sandboxPort, 'server.sandboxPort'),
    );
  });
  const routes = hostedApp({
    parts,
    logs,
    store,
    reloader,
    distDir: options.distDir,
    version,
    graceMs,
    sandboxOrigin: sandbox.origin,
    stopping: () => stopping,
    storeProblem: options.storeProblem ?? (() => storeProblem(recordings)),
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const { oauth } = routes;

  const server = createServer(routes.app);
  const viewers = new LiveViewerEndpoint(recordings, (request) =>
    parts.config.sharing.public
      ? guard.checkSite(request)
      : refusalOf(checkRequest(guard, auth, request, true)),
  );
  const maxBytes = config.limits.maxMessageBytes;
  // Pages' texts over 1 MiB are read in a worker thread, not on the event loop every user shares.
  const largeTexts = new LargeTextParser((line) => log.warn(line), maxBytes * 2);
  const wss = attachWebSocketEndpoint(server, {
    authorize: pageSocketGrant(parts, log, () => stopping),
    largeTexts,
    channels,
    version,
    log: (line) => log.warn(line),
    recordings,
    oauth,
    // Up to twice the limit is read and answered with a clear error; beyond that the socket closes (1009).
    maxPayloadBytes: maxBytes * 2,
    messageLimit: {
      bytes: maxBytes,
      refusal: (bytes) => {
        metrics.refused('maxMessageBytes');
        const limited = hit(
          'maxMessageBytes',
          maxBytes,
          `this one has ${bytes}; send a smaller one, or ask your admin`,
        );
        return { message: limited.message, data: { ...limited.limit } };
      },
    },
    viewers,
  });

  const host = config.server.host;
  const port = await listenOn(
    server,
    options.port ?? config.server.port,
    host,
    options.port === undefined ? 'server.port' : '--port',
  );
  guard.allow(host, port, ownAddresses(host), config.server.allowedHosts);
  const metricsServer =
    config.metrics.enabled && config.metrics.port !== undefined
      ? createServer(express().get(METRICS_PATH, metricsHandler(metrics)))
      : undefined;
  const metricsPort =
    metricsServer &&
    (await listenOn(metricsServer, config.metrics.port!, config.metrics.host, 'metrics.port'));
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  oauth.redirectUrl = `${(config.server.publicUrl ?? `http://${shownHost}:${port}`).replace(/\/$/, '')}${CALLBACK_PATH}`;
  log.info(
    { host, port, catalog: config.catalog.size, recording: recording.enabled },
    'Toolscope hosted bridge listening',
  );

  let closing: Promise<void> | undefined;
  return {
    host,
    port,
    url: `http://${shownHost}:${port}/`,
    ...(metricsPort !== undefined ? { metricsPort } : {}),
    server,
    channels,
    recordings,
    metrics,
    logs,
    reload: (by) => reloader.reload(by),
    close() {
      closing ??= (async () => {
        stopping = true;
        // Stop accepting first, so that the load balancer moves new users elsewhere.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await closeAllSockets(wss, 1001, BRIDGE_STOPPED);
        await closeAllSockets(viewers.wss, 1001, BRIDGE_STOPPED);
        await channels.closeAll();
        // Ends the recordings still open and writes what is queued before the store closes.
        await recordings?.close().catch((error: Error) => log.error(`Closing the store: ${error.message}`));
        wss.close();
        viewers.wss.close();
        await largeTexts.close();
        metricsServer?.close();
        server.closeAllConnections();
        await closed;
        await sandbox.close();
        routes.close();
        log.info('Toolscope hosted bridge stopped');
        logs.flush();
      })();
      return closing;
    },
  };
}

function refusalOf<T extends object>(result: T | Refusal): Refusal | undefined {
  return 'status' in result ? (result as Refusal) : undefined;
}
