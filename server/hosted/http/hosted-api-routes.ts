import { Router, type RequestHandler } from 'express';
import type { BridgeConfigResponse } from '#shared/api-types.ts';
import {
  SIGN_IN_PATH,
  SIGN_OUT_PATH,
  type CatalogServerInfo,
  type ConnectionListResponse,
  type HostedInfo,
} from '#shared/hosted.ts';
import type { RecordingStatus } from '#shared/recordings.ts';
import type { ChannelRegistry } from '../../channel/channel-registry.ts';
import type { ConnectedChannels } from '../channels/connected-channels.ts';
import type { HostedConfig } from '../config/load-config.ts';
import { identityOf } from './require-identity.ts';

/** What the hosted API routes read. */
export interface HostedApiOptions {
  version: string;
  graceMs: number;
  recording: RecordingStatus;
  /** The config in force (a reload replaces it). */
  config: () => HostedConfig;
  connected: ConnectedChannels;
  channels: ChannelRegistry;
  /** The MCP Apps sandbox proxy's origin. */
  sandboxOrigin?: string;
}

/**
 * /api/config and /api/connections (formerly /api/channels) in hosted mode (behind the identity check): who is signed in, the
 * catalog without its secrets, the limits; and the user's own open connections, which they may end.
 */
export function hostedApiRoutes(options: HostedApiOptions): Router {
  const router = Router();

  router.get('/config', (_request, response) => {
    const config = options.config();
    const identity = identityOf(response);
    const admin = config.auth.admins.includes(identity.user);
    const hosted: HostedInfo = {
      user: { name: identity.user, via: identity.via, ...(admin ? { admin } : {}) },
      catalog: catalogInfo(config),
      userUrls: { enabled: config.userUrls.enabled },
      limits: config.limits,
      sharing: { public: config.sharing.public },
      retentionDays: config.store.retentionDays,
      signInPath: SIGN_IN_PATH,
      signOutPath: SIGN_OUT_PATH,
    };
    const body: BridgeConfigResponse = {
      version: options.version,
      initialTarget: null,
      graceMs: options.graceMs,
      recording: options.recording,
      hosted,
      ...(options.sandboxOrigin ? { sandboxOrigin: options.sandboxOrigin } : {}),
    };
    response.setHeader('Cache-Control', 'no-store');
    response.json(body);
  });

  const listConnections =
    (key: 'connections' | 'channels'): RequestHandler =>
    (_request, response) => {
      const config = options.config();
      const { connections, limits }: ConnectionListResponse = {
        connections: options.connected.listFor(identityOf(response).user),
        limits: {
          connectionsPerUser: config.limits.connectionsPerUser,
          connectionsTotal: config.limits.connectionsTotal,
        },
      };
      response.json({ [key]: connections, limits });
    };
  router.get('/connections', listConnections('connections'));
  // The former name, with the list under its former key.
  router.get('/channels', listConnections('channels'));

  const endConnection: RequestHandler<{ id: string }> = async (request, response) => {
    // Another user's connection answers as an unknown one does.
    const entry = options.connected.find(identityOf(response).user, request.params.id);
    const channel = entry && [...options.channels.list()].find((candidate) => candidate.id === entry.id);
    if (!channel) return void response.status(404).json({ error: 'No such connection' });
    await channel.disconnect('This connection was ended from your list of open connections');
    response.status(204).end();
  };
  router.delete('/connections/:id', endConnection);
  router.delete('/channels/:id', endConnection);

  router.use((_request, response) => {
    response.status(404).json({ error: 'No such API route' });
  });
  return router;
}

/** The catalog as users may see it: names, transports, descriptions; no command, URL or secret. */
function catalogInfo(config: HostedConfig): CatalogServerInfo[] {
  return [...config.catalog.values()].map((entry) => ({
    name: entry.name,
    transport: entry.target.transport,
    userHeaders: entry.userHeaders,
    ...(entry.target.era ? { era: entry.target.era } : {}),
    ...(entry.description ? { description: entry.description } : {}),
  }));
}
