import type { TimedBridgeEvent } from '#shared/bridge-protocol.ts';
import type { ChatTurnNote } from '#shared/chat-protocol.ts';
import type { CallOrigins } from './call-origins.ts';
import type { ProbeWatch } from '../era/era-negotiation.ts';
import type { ListCache } from './list-cache.ts';
import { noteListChange } from './session-wire.ts';
import type { TraceLog } from '../trace/trace-log.ts';
import type { TracedTransport } from '../transport/traced-transport.ts';

/** Most log entries kept; older ones are dropped first. */
const MAX_LOG_ENTRIES = 5000;

/** Where a connection's frames and bridge events go. */
export interface ConnectionRecords {
  trace: TraceLog;
  /** Marks the frames of calls a model or a View asked for. */
  origins: CallOrigins;
  /** Forgets list pages when the server says a list changed. */
  listCache: ListCache;
  /** Auto's probe, which reads the frames of the first exchange. */
  probe?: ProbeWatch;
  /** Adds one line to the server log. */
  log: (entry: TimedBridgeEvent) => void;
}

/**
 * Wires a new connection's transport into the session's records: every frame into the trace (marked
 * with its call's origin, seen first by Auto's probe and the list cache), every bridge event into the log.
 */
export function recordConnection(transport: TracedTransport, records: ConnectionRecords): void {
  const connection = records.trace.startConnection();
  records.origins.forget();
  records.origins.watch(transport);
  transport.originOf = (message) => records.origins.originOfSent(message);
  transport.onframe = (frame) => {
    // An ended connection's late frame (an old View's notifications/cancelled, sent as it closed) would
    // read as the next connection's, after its boundary; the bridge's recording keeps it.
    if (!records.trace.isNewest(connection)) return;
    records.probe?.see(frame);
    noteListChange(frame, records.listCache);
    records.trace.append(records.origins.mark(frame));
  };
  transport.onbridgeevent = (event, time) => records.log({ event, time });
}

/** The server log with `entry` added, keeping the last MAX_LOG_ENTRIES lines. */
export function withLogEntry(log: TimedBridgeEvent[], entry: TimedBridgeEvent): TimedBridgeEvent[] {
  return [...log.slice(-(MAX_LOG_ENTRIES - 1)), entry];
}

/**
 * Hands a finished chat turn to the bridge for the connection's recording; false when there is no
 * live connection or its transport records nothing (tests' in-memory transports), so the turn is in no recording.
 */
export function recordChatTurn(
  transport: TracedTransport | undefined,
  connected: boolean,
  note: ChatTurnNote,
): boolean {
  if (!transport?.recordChatTurn || !connected) return false;
  transport.recordChatTurn(note);
  return true;
}
