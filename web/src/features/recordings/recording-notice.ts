import type { BridgeEvent, TimedBridgeEvent } from '#shared/bridge-protocol.ts';

/** A bridge event about the connection's recording (paused, resumed, interrupted). */
export type RecordingEvent = Extract<BridgeEvent, { kind: 'recording' }>;

/**
 * The recording's state now, read from the server log: the last `recording` event of the current
 * connection (the log's own object, so a selector of it is stable). Resumed with nothing lost says
 * nothing; a connection that closed since says nothing.
 */
export function currentRecordingNotice(log: readonly TimedBridgeEvent[]): RecordingEvent | undefined {
  for (let i = log.length - 1; i >= 0; i--) {
    const event = log[i]!.event;
    if (event.kind === 'closed') return undefined;
    if (event.kind !== 'recording') continue;
    return event.state === 'resumed' ? undefined : event;
  }
  return undefined;
}
