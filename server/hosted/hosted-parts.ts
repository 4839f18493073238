import { randomBytes } from 'node:crypto';
import { ChannelRegistry } from '../channel/channel-registry.ts';
import { AccessGuard } from '../http/access-guard.ts';
import type { RecordingLibrary } from '../recordings/recording-library.ts';
import { Authenticator, isRefusal } from './auth/authenticator.ts';
import { CookieSigner, RevokedSignIns } from './auth/sign-in-cookie.ts';
import { TokenDirectory } from './auth/token-directory.ts';
import type { AuditLog } from './audit/audit-log.ts';
import { ConnectedChannels } from './channels/connected-channels.ts';
import type { HostedChannelContext } from './channels/hosted-policy.ts';
import { PageSockets, type Credentials } from './channels/page-sockets.ts';
import type { HostedConfig } from './config/load-config.ts';
import { catalogChanges, type ReloadPlan } from './config/reload-plan.ts';
import { ProxyTrust } from './http/proxy-trust.ts';
import { ByteWindow } from './limits/byte-window.ts';
import { ConnectionSlots } from './limits/connection-slots.ts';
import { RateWindow } from './limits/rate-window.ts';
import { UserSockets } from './limits/user-sockets.ts';
import type { Resolver } from './net/pinned-fetch.ts';
import { UrlPolicy } from './net/url-policy.ts';
import type { HostedLogs } from './ops/logging.ts';
import { HostedMetrics } from './ops/metrics.ts';

/** What a page is told when a reloaded config no longer lets its user in. */
export const ACCESS_ENDED =
  'Your access to this Toolscope was withdrawn (its config changed): this connection ended. Reload the page to sign in again.';

/**
 * The parts of a hosted bridge that follow its config: who may sign in, the catalog, the limits and
 * the counters they are held to. Built from the config at start; {@link reconfigure} moves them to
 * a reloaded one, and ends what it no longer allows.
 */
export class HostedParts {
  readonly proxies: ProxyTrust;
  readonly auth: Authenticator;
  readonly signer: CookieSigner;
  readonly revoked = new RevokedSignIns();
  /** Only its Host and Origin checks are used: identities come from the authenticator. */
  readonly guard = new AccessGuard(
    randomBytes(32).toString('base64url'),
    (host) => `if users reach the bridge by that name, add "${host}" to server.allowedHosts`,
  );
  readonly channels: ChannelRegistry;
  readonly connected = new ConnectedChannels();
  readonly pageSockets = new PageSockets();
  readonly slots: ConnectionSlots;
  readonly metrics: HostedMetrics;
  readonly context: HostedChannelContext;
  readonly sockets: UserSockets;
  readonly sendBytes: ByteWindow;

  constructor(
    private running: HostedConfig,
    private readonly logs: HostedLogs,
    options: { graceMs: number; resolve?: Resolver },
  ) {
    const config = running;
    this.proxies = new ProxyTrust(proxyRanges(config));
    const tokens = new TokenDirectory(config.auth.tokens);
    if (tokens.size && CookieSigner.isEphemeral(config.sessionSecrets))
      logs.log.warn(
        'No session secret (auth.session.secrets or TOOLSCOPE_SESSION_SECRET): sign-ins hold on this process only, until it stops',
      );
    this.signer = new CookieSigner(config.sessionSecrets);
    this.auth = new Authenticator(tokens, this.signer, this.revoked, config.auth.trustedHeader);
    this.channels = new ChannelRegistry(options.graceMs);
    this.slots = new ConnectionSlots(config.limits);
    this.metrics = new HostedMetrics({
      channels: () => this.channels.size,
      connections: () => this.connected.size,
      childProcesses: () => this.slots.childProcesses,
    });
    this.context = {
      catalog: config.catalog,
      userUrls: { enabled: config.userUrls.enabled, policy: new UrlPolicy(config.userUrls) },
      limits: config.limits,
      slots: this.slots,
      toolCalls: new RateWindow(config.limits.toolCallsPerMinute, 60_000),
      connected: this.connected,
      audit: logs.audit,
      metrics: this.metrics,
      warn: (fields, message) => logs.log.warn(fields, message),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    };
    this.sockets = new UserSockets(config.limits.socketsPerUser);
    this.sendBytes = new ByteWindow(config.limits.sendBytesPerMinute, 60_000);
  }

  /** The config in force (a reload replaces it). */
  get config(): HostedConfig {
    return this.running;
  }

  get audit(): AuditLog {
    return this.logs.audit;
  }

  /** True when `user` is named in `auth.admins`. */
  isAdmin(user: string): boolean {
    return this.running.auth.admins.includes(user);
  }

  /** The user the credentials of an open page stand for under the config in force, if any. */
  userOf(credentials: Credentials): string | undefined {
    // The authenticator reads only the request's headers and socket address, which these keep.
    const found = this.auth.identify(credentials as Parameters<Authenticator['identify']>[0]);
    return isRefusal(found) ? undefined : found.user;
  }

  /**
   * Moves every part to the planned config: sign-ins, limits and catalog from now on; pages whose
   * user it no longer lets in are ended, and so are connections to catalog servers it removed
   * (connections to a changed entry go on as they were opened).
   */
  async reconfigure(plan: ReloadPlan, recordings: RecordingLibrary | undefined) {
    const previous = this.running;
    const config = plan.config;
    this.running = config;
    this.proxies.update(proxyRanges(config));
    this.auth.reconfigure(new TokenDirectory(config.auth.tokens), config.auth.trustedHeader);
    this.context.catalog = config.catalog;
    this.context.limits = config.limits;
    this.context.toolCalls.limit = config.limits.toolCallsPerMinute;
    this.slots.limits = config.limits;
    this.sockets.limit = config.limits.socketsPerUser;
    this.sendBytes.limit = config.limits.sendBytesPerMinute;
    this.logs.log.level = config.log.level;
    // Recordings opened from now on hold this much while the store does not answer.
    recordings?.holdDuringOutage(config.store.outageBufferBytes);
    if (config.store.retentionDays !== previous.store.retentionDays)
      await recordings?.setRetentionDays(config.store.retentionDays).catch((error: Error) => {
        // The rest of the reload stands; the store refused only this write.
        this.logs.log.error(`store.retentionDays not changed: the store refused it: ${error.message}`);
      });
    const endedUsers = await this.pageSockets.endRefused(
      (credentials) => this.userOf(credentials),
      ACCESS_ENDED,
    );
    for (const user of endedUsers) this.audit.accessEnded(user, 'the reloaded config no longer lets them in');
    const { removed } = catalogChanges(previous, config);
    const removedServers = new Set(removed);
    const ending = this.connected
      .listAll()
      .filter((entry) => entry.catalog && removedServers.has(entry.server))
      .map((entry) => this.channelOf(entry.id))
      .map((channel) =>
        channel?.disconnect(
          'The admin removed this server from the catalog: this connection ended. Pick another server.',
        ),
      );
    await Promise.all(ending);
    return { endedUsers, removedServers: removed };
  }

  /** The open channel `id`, when there is one. */
  channelOf(id: string) {
    return [...this.channels.list()].find((channel) => channel.id === id);
  }
}

/** Whose X-Forwarded-* headers are believed: the trusted proxies and the identity header's proxies. */
function proxyRanges(config: HostedConfig): string[] {
  return [...config.server.trustedProxies, ...(config.auth.trustedHeader?.from ?? [])];
}
