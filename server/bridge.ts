import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { ServerTarget } from '../shared/targets.ts';
import { TOKEN_PARAM } from '../shared/bridge-protocol.ts';
import { AccessGuard } from './http/access-guard.ts';
import { apiRoutes, requireAccess } from './http/api-routes.ts';
import { staticRoutes } from './http/static-routes.ts';
import { attachWebSocketEndpoint, closeAllSockets } from './http/ws-endpoint.ts';
import { SessionRegistry } from './session/session-registry.ts';

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
}

/** A running bridge. */
export interface RunningBridge {
  port: number;
  host: string;
  token: string;
  /** The page's address, token included. */
  url: string;
  sessions: SessionRegistry;
  server: Server;
  /** Closes every session (ending their servers) and stops listening. */
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
  const sessions = new SessionRegistry(graceMs);

  const app = express();
  app.disable('x-powered-by');
  app.use('/api', requireAccess(guard), apiRoutes({ target: options.target, version, graceMs }));
  app.use(staticRoutes(options.distDir));

  const server = createServer(app);
  const wss = attachWebSocketEndpoint(server, { guard, sessions, version, log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  guard.allow(host, port);
  const pageHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    port,
    host,
    token,
    url: `http://${pageHost}:${port}/?${TOKEN_PARAM}=${encodeURIComponent(token)}`,
    sessions,
    server,
    async close() {
      // Pages first, with a reason (1001: going away), then the servers.
      await closeAllSockets(wss, 1001, BRIDGE_STOPPED);
      await sessions.closeAll();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
