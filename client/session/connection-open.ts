import { Client, type Implementation } from '@modelcontextprotocol/client';
import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { ListCache } from './list-cache.ts';
import type { TraceLog } from '../trace/trace-log.ts';
import { offerProtocolVersion, type TracedTransport } from '../transport/traced-transport.ts';
import { declaredCapabilities, type SessionExtension } from './session-extension.ts';
import { passTaskResults } from '../tasks/task-extension.ts';
import { closeReasonOr } from './call-failure.ts';
import { negotiationOptions, ProbeWatch } from '../era/era-negotiation.ts';
import { watchProbe, type ProbeWait } from '../era/era-probe-pace.ts';
import type { Attempt } from '../era/open-in-era.ts';
import type { CallOrigins } from './call-origins.ts';
import { recordConnection } from './connection-records.ts';

/** What opening one connection needs from the session (McpSession.connect). */
export interface OpenContext {
  createTransport: (target: ServerTarget) => TracedTransport;
  clientInfo?: Implementation;
  stdioProbeTimeoutMs?: number;
  httpProbeTimeoutMs?: number;
  extensions: readonly SessionExtension[];
  trace: TraceLog;
  origins: CallOrigins;
  listCache: ListCache;
  /** A bridge event of this connection, for the server log. */
  log: (entry: TimedBridgeEvent) => void;
  /** While Auto's probe on stdio waits (undefined once it is over). */
  probeWait: (wait: ProbeWait | undefined) => void;
  /** The client and transport are the session's current ones from now on (before `initialize`). */
  adopt: (client: Client, transport: TracedTransport) => void;
  /** The connection closed after it had connected (a failed connect reports through its Attempt). */
  closed: (transport: TracedTransport) => void;
  /** The server said its tool list changed. */
  toolsChanged: () => Promise<void>;
}

/**
 * Opens one connection to `target` in `era`: the transport (with Auto's probe watch and the
 * trace and log wiring), a client declaring the extensions' capabilities, and `initialize` or
 * `server/discover`. Resolves with what it made, and the error if connecting failed; never throws.
 */
export async function openConnection(
  context: OpenContext,
  target: ServerTarget,
  era: ProtocolEraChoice,
  protocolVersion: string | undefined,
): Promise<Attempt> {
  const transport = context.createTransport(target);
  if (protocolVersion) offerProtocolVersion(transport, protocolVersion);
  const probe = era === 'auto' ? new ProbeWatch() : undefined;
  const paced = probe && watchProbe(transport, target.transport === 'stdio', probe, context.probeWait);
  // After the probe's pacing, so the call-origin watch sees each request as it is handed over.
  recordConnection(transport, {
    trace: context.trace,
    origins: context.origins,
    listCache: context.listCache,
    probe,
    log: context.log,
  });
  if (paced) {
    const record = transport.onframe;
    transport.onframe = (frame) => {
      paced.see(frame);
      record?.(frame);
    };
  }
  const capabilities = declaredCapabilities(context.extensions);
  const client = new Client(context.clientInfo ?? { name: 'toolscope', version: '0.1.0' }, {
    capabilities,
    ...negotiationOptions(era, target.transport, context.stdioProbeTimeoutMs, context.httpProbeTimeoutMs),
  });
  for (const extension of context.extensions) extension.attach(client);
  let connected = false;
  client.onclose = () => {
    for (const extension of context.extensions) extension.detach?.();
    if (connected) context.closed(transport);
  };
  client.setNotificationHandler('notifications/tools/list_changed', context.toolsChanged);
  context.adopt(client, transport);
  try {
    await client.connect(transport);
    connected = true;
    passTaskResults(transport);
    // The liveness tools/list went out in the probe's modern envelope: its answer is this
    // connection's first list page when the server turned out modern (no second 16 KB list).
    const modern = client.getProtocolEra() === 'modern';
    context.listCache.adopt('tools/list', undefined, modern ? paced?.livenessList() : undefined);
    return { client, transport, probe };
  } catch (error) {
    return { client, transport, probe, error: closeReasonOr(error, transport) };
  } finally {
    if (probe) context.probeWait(undefined);
  }
}
