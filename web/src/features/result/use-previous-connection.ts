import { useEffect, useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/**
 * Whether a call started at `startedAt` belongs to a connection that is no longer the current one: the page is
 * disconnected, or connected again since. A replay has no current connection, so nothing in it is "previous".
 */
export function usePreviousConnection(startedAt: number | undefined): boolean {
  const { session, replay } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const [since, setSince] = useState(0);
  useEffect(() => {
    if (status === 'connecting') setSince(Date.now());
  }, [status]);
  if (replay || startedAt === undefined) return false;
  return status !== 'connected' || startedAt < since;
}
