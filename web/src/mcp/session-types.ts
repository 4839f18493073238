import type {
  CallToolResult,
  Implementation,
  ServerCapabilities,
  Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected';

/** What the session knows about the server it is connected to. */
export interface ServerDetails {
  info: Implementation;
  protocolVersion: string;
  capabilities: ServerCapabilities;
  instructions?: string;
}

/** The session's observable state. */
export interface SessionState {
  status: ConnectionStatus;
  target: ServerTarget | undefined;
  /** Why the last connection failed or ended, if it did not end on request. */
  error: string | undefined;
  server: ServerDetails | undefined;
  tools: Tool[];
  toolsLoading: boolean;
  toolsError: string | undefined;
  /** The bridge's events of this connection (stderr, exits, HTTP errors): the server log's own lines. */
  log: TimedBridgeEvent[];
  /** The bridge's recording of the current (or last) connection, for share links. */
  recordingId: string | undefined;
  /** The last connection ended because the bridge went away; a reconnect may bring it back. */
  lostBridge: boolean;
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
}

/** Progress of a running call, from notifications/progress. */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}
