import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ServerTarget } from '#shared/targets.ts';
import { TOKEN_PARAM } from '#shared/bridge-protocol.ts';
import { AccessGuard } from './http/access-guard.ts';
import { apiRoutes, requireAccess } from './http/api-routes.ts';
import { staticRoutes } from './http/static-routes.ts';
import { attachWebSocketEndpoint, closeAllSockets } from './http/ws-endpoint.ts';
import { ChannelRegistry } from './channel/channel-registry.ts';
import { RecordingLibrary } from './recordings/recording-library.ts';
import { withoutPassword } from './recordings/pg-recording-store.ts';
import { recordingRoutes } from './http/recording-routes.ts';
import { requireSameSite, sharedRoutes } from './http/shared-routes.ts';
import { jsonErrors } from './http/json-errors.ts';
import { LiveViewerEndpoint } from './http/live-viewer-endpoint.ts';
import type { RecordingStatus } from '#shared/recordings.ts';
import { chatRoutes } from './chat/chat-routes.ts';
import { startSandbox } from './http/sandbox-server.ts';
import { CALLBACK_PATH, OAuthCallbacks } from './oauth/oauth-callbacks.ts';
import { OAuthTokenFile } from './oauth/token-file.ts';
import { stopSpare } from './upstream/spare-process.ts';

/** The close reason pages see when the bridge stops on purpose (Ctrl+C, SIGTERM). */
export const BRIDGE_STOPPED = 'The Toolscope bridge stopped';

/** Options of {@link startBridge}. */
export interface BridgeOptions {
  /** Address to bind; 127.0.0.1 unless the user asks otherwise. */
  host?: string;
  /** Port; 0 picks a free one. */
  port?: number;
  /** Access token; random when absent. */
  token?: string;
  /** The server the page offers first (the CLI target or the demo server). */
  target?: ServerTarget;
  /** Folder of the built web app. */
  distDir: string;
  /** How long a server outlives its page, in ms. */
  graceMs?: number;
  version?: string;
  log?: (line: string) => void;
  /** Single-user mode: the file (0600) that keeps OAuth tokens for the next connect; else memory only. */
  oauthTokensFile?: string;
  /** SQLite file that keeps the recordings; no recording when absent (and no `databaseUrl`). */
  recordingsFile?: string;
  /** PostgreSQL database that keeps the recordings instead, shared with other bridges (`postgres://…`). */
  databaseUrl?: string;
  /** Replaces the stored retention setting (days; 0 keeps recordings forever). */
  retentionDays?: number;
  /** More Host names the bridge answers to (besides loopback, and its addresses when bound to all interfaces). */
  allowHosts?: string[];
  /** Port of the MCP Apps sandbox proxy (another origin than the page); 0 or absent picks a free one. */
  sandboxPort?: number;
  /** The sandbox proxy's origin as pages reach it, when not `http://<host>:<sandboxPort>` (behind a proxy). */
  sandboxOrigin?: string;
}

/** A running bridge. */
export interface RunningBridge {
  port: number;
  host: string;
  token: string;
  /** The page's address, token included. */
  url: string;
  /** One channel per page socket. */
  channels: ChannelRegistry;
  /** The recordings, when recording is on. */
  recordings: RecordingLibrary | undefined;
  server: Server;
  /** Closes every channel (ending their servers) and stops listening. */
  close(): Promise<void>;
}

/** Starts the bridge: the web app, the /api routes and the WebSocket relay. */
export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token || randomBytes(24).toString('base64url');
  const version = options.version ?? '0.1.0';
  const graceMs = options.graceMs ?? 3000;
  const log = options.log ?? (() => {});
  const guard = new AccessGuard(token);
  const channels = new ChannelRegistry(graceMs);
  const { recordings, status: recording } = await openRecordings(options, log);
  const sandbox = await startSandbox({
    host,
    port: options.sandboxPort,
    publicOrigin: options.sandboxOrigin,
  });

  const app = express();
  app.disable('x-powered-by');
  const oauth = new OAuthCallbacks(
    options.oauthTokensFile ? new OAuthTokenFile(options.oauthTokensFile) : undefined,
  );
  app.get(CALLBACK_PATH, oauth.route());
  app.use('/api/shared', requireSameSite(guard), sharedRoutes(recordings, sandbox.origin));
  app.use('/api', requireAccess(guard));
  app.use('/api/recordings', recordingRoutes(recordings, recording.problem));
  app.use('/api/chat', chatRoutes());
  app.use(
    '/api',
    apiRoutes({ target: options.target, version, graceMs, recording, sandboxOrigin: sandbox.origin }),
  );
  app.use('/api', jsonErrors(log));
  app.use(staticRoutes(options.distDir));

  const server = createServer(app);
  const viewers = new LiveViewerEndpoint(recordings, (request) => guard.checkSite(request), log);
  const wss = attachWebSocketEndpoint(server, {
    authorize: (request) => guard.check(request) ?? {},
    channels,
    version,
    log,
    recordings,
    viewers,
    oauth,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  guard.allow(host, port, [...(options.allowHosts ?? []), ...ownAddresses(host)]);
  const pageHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  oauth.redirectUrl = `http://${pageHost}:${port}${CALLBACK_PATH}`;

  return {
    port,
    host,
    token,
    url: `http://${pageHost}:${port}/?${TOKEN_PARAM}=${encodeURIComponent(token)}`,
    channels,
    recordings,
    server,
    async close() {
      // Pages first, with a reason (1001: going away), then the servers, then the recordings.
      await closeAllSockets(wss, 1001, BRIDGE_STOPPED);
      await closeAllSockets(viewers.wss, 1001, BRIDGE_STOPPED);
      await channels.closeAll();
      await stopSpare();
      await recordings
        ?.close()
        .catch((error: Error) => log(`Could not close the recordings: ${error.message}`));
      wss.close();
      viewers.wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox.close();
    },
  };
}

/** Opens the recordings store; one that cannot be opened turns recording off, with the reason. */
export async function openRecordings(
  options: Pick<BridgeOptions, 'recordingsFile' | 'databaseUrl' | 'retentionDays'>,
  log: (line: string) => void,
): Promise<{ recordings: RecordingLibrary | undefined; status: RecordingStatus }> {
  const { recordingsFile: file, databaseUrl } = options;
  if (!file && !databaseUrl) return { recordings: undefined, status: { enabled: false } };
  try {
    const recordings = await RecordingLibrary.open({
      file,
      databaseUrl,
      retentionDays: options.retentionDays,
      log,
    });
    // A page loaded and left without a call is not worth a line in the Recordings list.
    recordings.dropEmptyRecordings();
    return { recordings, status: { enabled: true } };
  } catch (error) {
    const where = databaseUrl ? withoutPassword(databaseUrl) : file;
    const problem = `cannot open ${where}: ${(error as Error).message}`;
    log(`Recording is off: ${problem}`);
    return { recordings: undefined, status: { enabled: false, problem } };
  }
}

/** When bound to all interfaces, the names teammates reach this machine by: its addresses and host name. */
export function ownAddresses(host: string): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [];
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined)
    .map((entry) => (entry.family === 'IPv6' ? `[${entry.address.split('%')[0]}]` : entry.address));
  return [...addresses, hostname()];
}
