import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/** Whether the user trusts the annotations of the server connected now (Settings). */
export function useTrustedServer(): boolean {
  const { policy, session, runner } = useServices();
  // The label derives from the session's target, so both stores are read.
  useStore(session.state, (s) => s.target);
  return useStore(policy, (s) => s.trustedServers.includes(runner.serverLabel()));
}
