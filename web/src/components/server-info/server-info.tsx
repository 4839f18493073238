import { useServices } from '../../session-context.tsx';
import { useStore } from '../../hooks/use-store.ts';

/** Name, version, negotiated protocol version and capabilities of the connected server. */
export function ServerInfo() {
  const { session } = useServices();
  const server = useStore(session.state, (s) => s.server);
  if (!server) return null;
  const capabilities = Object.keys(server.capabilities).filter((key) => key !== 'experimental');
  return (
    <section
      aria-label="Server"
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400"
    >
      <span>
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
      <span className="flex flex-wrap items-center gap-1">
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
