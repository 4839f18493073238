import { describeTarget, type ServerTarget } from '#shared/targets.ts';
import type { CallHistory } from './call-history.ts';

/** The part of the session's state this needs: whether it is connecting, and to what. */
interface ConnectionState {
  get: () => { status: string; target: ServerTarget | undefined };
  subscribe: (listener: () => void) => () => void;
}

/**
 * Whether a call made to `server` (as `describeTarget` wrote it) went to `target`: the same command and arguments,
 * or the same URL whatever its transport. The era is not part of it: a Legacy reconnect is the same server.
 */
export function sameServer(server: string, target: ServerTarget): boolean {
  if (server === describeTarget(target)) return true;
  return target.transport !== 'stdio' && server.startsWith(`${target.url} (`);
}

/**
 * Clears the Result when the page starts connecting to a different server than the one the shown call went to
 * (another server's result beside the new server's tools would read as theirs). History keeps the call, and
 * picking it there shows it again, marked as from the previous connection. A reconnect to the same server keeps it.
 * Returns the unsubscribe.
 */
export function resultFollowsTarget(state: ConnectionState, history: CallHistory): () => void {
  let status = state.get().status;
  return state.subscribe(() => {
    const next = state.get();
    const started = next.status === 'connecting' && status !== 'connecting';
    status = next.status;
    if (!started || !next.target) return;
    const { selectedId } = history.get();
    const shown = selectedId === undefined ? undefined : history.find(selectedId);
    if (shown && !sameServer(shown.server, next.target)) history.select(undefined);
  });
}
