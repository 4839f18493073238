import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';

/** Name, version, negotiated protocol version and capabilities of the connected server. */
export function ServerInfo() {
  const { session } = useServices();
  const server = useStore(session.state, (s) => s.server);
  if (!server) return null;
  const capabilities = Object.keys(server.capabilities).filter((key) => key !== 'experimental');
  return (
    <section
      aria-label="Server"
      className="flex min-w-0 flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-400"
    >
      <span className="flex min-w-0 items-baseline gap-x-3 whitespace-nowrap">
        <span className="truncate">
          <span className="font-semibold text-slate-900 dark:text-slate-100">
            {String(server.info.title ?? server.info.name)}
          </span>{' '}
          {server.info.title && server.info.title !== server.info.name && (
            <span className="font-mono">{String(server.info.name)} </span>
          )}
          {String(server.info.version)}
        </span>
        <span>
          protocol <span className="font-mono">{server.protocolVersion}</span>
        </span>
      </span>
      <span
        className="flex min-w-0 items-center gap-1 overflow-hidden whitespace-nowrap"
        title={`capabilities: ${capabilities.join(', ')}`}
      >
        capabilities
        {capabilities.map((name) => (
          <span key={name} className="rounded bg-slate-200 px-1.5 py-0.5 font-mono dark:bg-slate-800">
            {name}
          </span>
        ))}
      </span>
    </section>
  );
}
