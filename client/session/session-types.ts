import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import type { ProbeWait } from '../era/era-probe-pace.ts';
import type { ServerDetails } from '../era/server-details.ts';
import type { EraProbe } from '../era/era-negotiation.ts';
import type { ExcludedTool } from '../tools/header-tools.ts';
import type { ListFreshness } from './list-cache.ts';
import type { ConnectFailure } from './connect-failure.ts';
import type { ListenState } from './list-subscription.ts';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

/** The session's observable state. */
export interface SessionState {
  status: ConnectionStatus;
  target: ServerTarget | undefined;
  /** Why the last connection failed or ended, if it did not end on request. */
  error: string | undefined;
  /** A failed connect by kind: the server's code and data, or the HTTP status, explained. */
  errorDetail?: ConnectFailure;
  server: ServerDetails | undefined;
  tools: Tool[];
  toolsLoading: boolean;
  toolsError: string | undefined;
  /** Listed tools the client must not offer (an invalid `x-mcp-header` over modern HTTP), with why. */
  excludedTools: ExcludedTool[];
  /** How fresh the tool list is by its cache hints (2026-07-28); undefined before any listing. */
  toolsFreshness: ListFreshness | undefined;
  /** The bridge's events of this connection (stderr, exits, HTTP errors): the server log's own lines. */
  log: TimedBridgeEvent[];
  /** The bridge's recording of the current (or last) connection, for share links. */
  recordingId: string | undefined;
  /** The last connection ended because the bridge went away; a reconnect may bring it back. */
  lostBridge: boolean;
  /** What Auto's `server/discover` probe found, when the connection probed. */
  eraProbe: EraProbe | undefined;
  /** While Auto's probe on stdio waits: for the probe's answer, or for the server to start. */
  probeWait?: ProbeWait;
  /** The connection's `subscriptions/listen` stream for list changes (2026-07-28), when it has one. */
  listen: ListenState | undefined;
  /** The resources this connection subscribed to (`resources/subscribe`, or the listen filter in 2026-07-28). */
  resourceSubscriptions: string[];
}

/**
 * How a tool call ended: the server answered (ok, tool-error), refused (protocol-error), or the call
 * never finished (cancelled by the user, timed out) or never started (denied in the approval dialog).
 */
export type CallStatus = 'ok' | 'tool-error' | 'protocol-error' | 'cancelled' | 'timed-out' | 'denied';

/** The outcome of one tools/call, whatever happened. */
export interface CallOutcome {
  status: CallStatus;
  /** The result exactly as the server sent it, when there was one. */
  result?: CallToolResult;
  /** The JSON-RPC error, for protocol errors. */
  error?: { code: number; message: string; data?: unknown };
  durationMs: number;
  /** The first attempt's error, when this outcome is the one retry after a -32020 and a new tools/list. */
  retryOf?: { code: number; message: string; data?: unknown };
  /** Requests the call took when the server asked for input in between (multi round-trip, 2026-07-28). */
  rounds?: number;
}

/** Progress of a running call, from notifications/progress. */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** A session before its first connect. */
export const INITIAL_SESSION_STATE: SessionState = {
  status: 'disconnected',
  target: undefined,
  error: undefined,
  server: undefined,
  tools: [],
  toolsLoading: false,
  toolsError: undefined,
  excludedTools: [],
  toolsFreshness: undefined,
  log: [],
  recordingId: undefined,
  lostBridge: false,
  eraProbe: undefined,
  listen: undefined,
  resourceSubscriptions: [],
};
