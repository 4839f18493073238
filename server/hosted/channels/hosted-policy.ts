import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import type { Admission, ChannelPolicy, ConnectRequest, SendRefusal } from '../../channel/channel-policy.ts';
import { redactTargetForSharing } from '#shared/redaction.ts';
import { SecretScrubber } from '../../secrets/secret-scrubber.ts';
import type { AuditedServer, AuditLog } from '../audit/audit-log.ts';
import { observeToolCalls } from '../audit/call-observer.ts';
import type { LimitsConfig } from '../config/config-schema.ts';
import type { CatalogEntry } from '../config/load-config.ts';
import { hit, isLimitHit, type ConnectionSlots } from '../limits/connection-slots.ts';
import type { RateWindow } from '../limits/rate-window.ts';
import type { Resolver } from '../net/pinned-fetch.ts';
import type { UrlPolicy } from '../net/url-policy.ts';
import { USER_URL_SERVER, type HostedMetrics } from '../ops/metrics.ts';
import { catalogView } from './catalog-view.ts';
import { chooseCatalogEntry, chooseUserTarget, type Choice } from './choose-target.ts';
import type { ConnectedChannels, ConnectedChannel } from './connected-channels.ts';

/**
 * What every hosted channel's policy shares: the config's catalog and limits, and the process's
 * counters. Policies read it at each connect and call, so a reload replaces `catalog` and `limits`
 * here and every channel follows.
 */
export interface HostedChannelContext {
  catalog: ReadonlyMap<string, CatalogEntry>;
  userUrls: { enabled: boolean; policy: UrlPolicy };
  limits: LimitsConfig;
  slots: ConnectionSlots;
  toolCalls: RateWindow;
  connected: ConnectedChannels;
  audit: AuditLog;
  metrics: HostedMetrics;
  /** The bridge's log: a connect that failed is a warning (a catalog entry whose program is missing). */
  warn: (fields: Record<string, unknown>, message: string) => void;
  resolve?: Resolver;
}

/**
 * The policy of one signed-in user's channel: it opens catalog servers (and, when enabled, checked
 * user URLs), within the connection and process limits, audits every connect and tool call, and
 * answers tool calls over the rate limit itself.
 */
export function hostedChannelPolicy(context: HostedChannelContext, user: string): ChannelPolicy {
  return {
    async admit(request, channelId): Promise<Admission> {
      const choice: Choice =
        request.catalog !== undefined
          ? chooseCatalogEntry(context.catalog, request.catalog)
          : await chooseUserTarget(request.target, context.userUrls, context.resolve);
      if (!choice.ok) {
        context.audit.connect(refusedServer(user, channelId, request), 'refused', choice.error);
        return choice;
      }
      const { target, label, catalog, fetch, entryTarget, oauth } = choice.chosen;
      const server: AuditedServer = {
        user,
        channel: channelId,
        server: label,
        catalog,
        transport: target.transport,
      };
      const slot = context.slots.take(user, target.transport);
      if (isLimitHit(slot)) {
        fetch?.close();
        context.metrics.refused(slot.limit.limit);
        context.audit.connect(server, 'refused', slot.message);
        return { ok: false, error: slot.message, limit: slot.limit };
      }
      let entry: ConnectedChannel | undefined;
      let stopObserving: (() => void) | undefined;
      return {
        ok: true,
        connection: {
          target,
          ...(fetch || oauth
            ? { upstream: { ...(fetch ? { fetch: fetch.fetch } : {}), ...(oauth ? { oauth } : {}) } }
            : {}),
          ...(entryTarget
            ? {
                view: catalogView(
                  label,
                  entryTarget,
                  target.era,
                  oauth?.clientSecret ? [oauth.clientSecret] : [],
                ),
              }
            : {}),
          opened(stamper, recordingId) {
            entry = {
              id: channelId,
              user,
              server: label,
              catalog,
              transport: target.transport,
              since: Date.now(),
              bytesToServer: 0,
              bytesFromServer: 0,
            };
            if (recordingId) entry.recordingId = recordingId;
            const counted = entry;
            context.connected.add(entry);
            context.audit.connect(server, 'ok');
            const stopCalls = observeToolCalls(stamper, (call) => {
              context.audit.toolCall(server, call.tool, call.outcome, call.durationMs);
              context.metrics.callEnded(call.outcome, call.durationMs, catalog ? label : USER_URL_SERVER);
            });
            // The admin's view shows each connection's traffic.
            const stopBytes = stamper.subscribe((frame) => {
              if (frame.direction === 'out') counted.bytesToServer += frame.bytes;
              else counted.bytesFromServer += frame.bytes;
            });
            stopObserving = () => {
              stopCalls();
              stopBytes();
            };
          },
          ended(error) {
            slot.release();
            fetch?.close();
            stopObserving?.();
            if (entry) {
              context.connected.remove(entry);
              context.audit.disconnect(server, Date.now() - entry.since);
            } else {
              // A catalog entry that cannot start (its program missing, its URL refusing) is the
              // admin's to fix: the reason goes to the log and the audit log alike.
              const reason = scrub(error ?? 'the server closed before the connection was ready', target);
              context.warn({ user, server: label, transport: target.transport, reason }, 'connect failed');
              context.audit.connect(server, 'failed', reason);
            }
          },
        },
      };
    },

    screen(message: JSONRPCMessage): SendRefusal | undefined {
      if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return undefined;
      const taken = context.toolCalls.take(user);
      if (taken.ok) return undefined;
      const seconds = Math.ceil(taken.retryAfterMs / 1000);
      const limited = hit(
        'toolCallsPerMinute',
        context.limits.toolCallsPerMinute,
        `wait ${seconds} s and call again, or ask your admin to raise the limit`,
        taken.retryAfterMs,
      );
      context.metrics.refused('toolCallsPerMinute');
      return { message: limited.message, data: { ...limited.limit } };
    },
  };
}

/** How the audit log names a connect that was refused: what the page asked for, secrets hidden. */
function refusedServer(user: string, channel: string, request: ConnectRequest): AuditedServer {
  if (request.catalog !== undefined)
    return { user, channel, server: request.catalog.server.slice(0, 100), catalog: true };
  const target = redactTargetForSharing(request.target);
  // A command is named by its program alone: its arguments may hold anything.
  const server =
    target.transport === 'stdio' ? `(command) ${target.command.slice(0, 200)}` : target.url.slice(0, 500);
  return { user, channel, server, catalog: false, transport: target.transport };
}

/** An error message with the target's secret values (headers, env, URL credentials) taken out. */
function scrub(message: string, target: ServerTarget): string {
  return JSON.parse(SecretScrubber.forTarget(target).scrubJson(JSON.stringify(message))) as string;
}
