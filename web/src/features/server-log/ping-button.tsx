import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { logControlClass } from './log-control-class.ts';

/** Sends ping and shows the round trip (the trace shows the frames, and the server's pings too). */
export function PingButton() {
  const { session, serverRequests } = useServices();
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const ping = useStore(serverRequests.controls, (s) => s.ping);
  const pinging = useStore(serverRequests.controls, (s) => s.pinging);
  return (
    <span className="flex items-center gap-1 text-xs">
      <button
        type="button"
        className={`${logControlClass} hover:bg-slate-100 disabled:opacity-50 dark:hover:bg-slate-800`}
        disabled={!connected || pinging}
        onClick={() => void serverRequests.controls.ping()}
      >
        Ping server
      </button>
      <output aria-label="Ping round trip" title="Round trip of the last ping" className="text-slate-500">
        {ping && (ping.ok ? `${ping.ms.toFixed(1)} ms` : `Ping failed: ${ping.error}`)}
      </output>
    </span>
  );
}
