import type { Client } from '@modelcontextprotocol/client';
import type { ServerTarget } from '#shared/targets.ts';
import type { SessionState } from './session-types.ts';
import type { TracedTransport } from '../transport/traced-transport.ts';
import { probedVerdict, rememberedVerdict, type ProbeWatch } from '../era/era-negotiation.ts';
import type { RememberedEra } from '../era/era-memory.ts';

/** The session's state as a connect to `target` starts: nothing of the last connection is kept. */
export function connectingState(target: ServerTarget): Partial<SessionState> {
  return {
    status: 'connecting',
    target,
    error: undefined,
    errorDetail: undefined,
    server: undefined,
    tools: [],
    excludedTools: [],
    toolsFreshness: undefined,
    recordingId: undefined,
    lostBridge: false,
    eraProbe: undefined,
    listen: undefined,
    resourceSubscriptions: [],
  };
}

/** How a connect that succeeded got its era: Auto's memory, or its probe (and whether it probed again). */
export interface EraSource {
  remembered?: RememberedEra;
  reprobed?: boolean;
  probe?: ProbeWatch;
}

/** The session's state once `client` is connected: the server as it introduced itself, and the era verdict. */
export function connectedState(
  state: SessionState,
  client: Client,
  transport: TracedTransport,
  { remembered, reprobed, probe }: EraSource,
): Partial<SessionState> {
  const negotiatedEra = client.getProtocolEra();
  const protocolVersion = negotiatedRevision(client, transport);
  return {
    status: 'connected',
    recordingId: transport.recordingId,
    eraProbe: remembered
      ? rememberedVerdict(remembered.era, remembered.revision, remembered.at, remembered.knownBy)
      : probedVerdict(state.eraProbe ?? probe?.verdict(negotiatedEra, protocolVersion), reprobed),
    server: {
      info: client.getServerVersion() ?? { name: 'unknown', version: '' },
      protocolVersion,
      era: negotiatedEra ?? 'legacy',
      capabilities: client.getServerCapabilities() ?? {},
      instructions: client.getInstructions(),
      discover: client.getDiscoverResult(),
    },
  };
}

/** The revision the connection speaks, as the client or else the transport knows it. */
export function negotiatedRevision(client: Client, transport: TracedTransport): string {
  return client.getNegotiatedProtocolVersion() ?? transport.protocolVersion ?? 'unknown';
}
