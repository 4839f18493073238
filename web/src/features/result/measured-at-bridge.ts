import type { ReplayInfo } from '../../replay/replay-services.ts';

/**
 * Whether the calls shown have their figures from the bridge, not the page: a shared replay is built from the
 * bridge's recording, whose only clock is the bridge's. Live calls, and a session file the page
 * exported, keep their round trip.
 */
export function measuredAtBridge(replay: ReplayInfo | undefined): boolean {
  return replay?.shared !== undefined;
}
