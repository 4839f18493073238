import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/**
 * Who the server is, on one line: its title, name and version and the negotiated protocol version. Shown only
 * while connected (or in a replay), so a closed connection's server is never shown as current; its capabilities
 * are in the connection details beside the status.
 */
export function ServerInfo() {
  const { session, replay } = useServices();
  const server = useStore(session.state, (s) => s.server);
  const connected = useStore(session.state, (s) => s.status === 'connected');
  if (!server || (!connected && !replay)) return null;
  const capabilities = Object.keys(server.capabilities).filter((key) => key !== 'experimental');
  const title = server.info.title && server.info.title !== server.info.name ? server.info.title : undefined;
  return (
    <section
      aria-label="Server"
      title={`${String(server.info.name)} ${String(server.info.version)} · capabilities: ${capabilities.join(', ')}`}
      className="flex min-w-24 items-baseline gap-x-2 overflow-hidden text-xs whitespace-nowrap text-slate-600 dark:text-slate-400"
    >
      {/* The name (when a title is shown) and the revision are read out, and seen on hover and in the chip. */}
      <span className="truncate">
        <span className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          {String(title ?? server.info.name)}
        </span>{' '}
        {title && <span className="sr-only">{String(server.info.name)} </span>}
        {String(server.info.version)}
        <span className="sr-only"> · protocol {server.protocolVersion}</span>
      </span>
    </section>
  );
}
