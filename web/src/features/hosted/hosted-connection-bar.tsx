import { useState, type FormEvent } from 'react';
import type { CatalogServerInfo } from '#shared/hosted.ts';
import { TRANSPORT_LABELS, type HttpTarget, type ProtocolEraChoice } from '#shared/targets.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { ConnectionStatusBadge } from '../connection-bar/connection-status.tsx';
import { OAuthButton } from '../oauth/oauth-button.tsx';
import { ConnectError } from '../connection-bar/connect-error.tsx';
import { EraPicker } from '../connection-bar/era-picker.tsx';
import { NegotiatedEra } from '../connection-bar/negotiated-era.tsx';
import { catalogServerOf, catalogTarget } from './catalog-socket.ts';
import type { HostedServices } from './hosted-context.ts';
import { UserHeaderFields } from './user-header-fields.tsx';

/** The option value of "a URL of my own" (catalog names are never empty). */
const OWN_URL = '';
const labelClass = 'flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400';

/**
 * The connection bar of hosted mode: a catalog server picked by name (the bridge knows its command
 * or URL, the page does not), the user's own header values when the entry allows them, a URL of
 * the user's own only when the admin enabled that, and the "Protocol era" to speak, kept per entry
 * (starting on the admin's `era` for it, else Auto). No command can be typed.
 */
export function HostedConnectionBar({ hosted }: { hosted: HostedServices }) {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const { catalog, userUrls } = hosted.info;
  const [choice, setChoice] = useState(() => initialChoice(session.state.get().target, catalog));
  const [url, setUrl] = useState('');
  const [transport, setTransport] = useState<HttpTarget['transport']>('http');
  /** The era picked for each entry (by name; OWN_URL for the user's URL) in this tab; the session's own first (after a replay). */
  const [eras, setEras] = useState<Record<string, ProtocolEraChoice>>(() => {
    const target = session.state.get().target;
    const name = target && (catalogServerOf(target) ?? OWN_URL);
    return name !== undefined && target?.era ? { [name]: target.era } : {};
  });
  const busy = status !== 'disconnected';
  const entry = catalog.find((server) => server.name === choice);
  const era = eras[choice] ?? entry?.era ?? 'auto';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status !== 'disconnected') return void session.disconnect();
    if (entry) void session.connect(catalogTarget(entry.name, era));
    else if (choice === OWN_URL && userUrls.enabled)
      void session.connect({ transport, url: url.trim(), era });
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Connection">
      <label className={labelClass}>
        Catalog server
        <select
          className={`${inputClass} mt-0.5 w-56`}
          value={choice}
          disabled={busy}
          onChange={(e) => setChoice(e.target.value)}
        >
          {catalog.map((server) => (
            <option key={server.name} value={server.name} title={server.description}>
              {server.name}
            </option>
          ))}
          {userUrls.enabled && <option value={OWN_URL}>A URL of my own…</option>}
        </select>
      </label>
      {entry?.description && (
        <p
          className="max-w-72 truncate pb-2.5 text-xs text-slate-500 dark:text-slate-400"
          title={entry.description}
        >
          {entry.description}
        </p>
      )}
      {entry && entry.userHeaders.length > 0 && (
        <UserHeaderFields
          server={entry.name}
          names={entry.userHeaders}
          values={hosted.headers}
          disabled={busy}
        />
      )}
      {!entry && userUrls.enabled && (
        <>
          <label className={labelClass}>
            Transport
            <select
              className={`${inputClass} mt-0.5 w-40`}
              value={transport}
              disabled={busy}
              onChange={(e) => setTransport(e.target.value as HttpTarget['transport'])}
            >
              <option value="http">{TRANSPORT_LABELS.http}</option>
              <option value="sse">{TRANSPORT_LABELS.sse}</option>
            </select>
          </label>
          <label className={`${labelClass} min-w-72 flex-1`}>
            URL
            <input
              className={`${inputClass} mt-0.5 font-mono`}
              value={url}
              disabled={busy}
              type="url"
              required
              placeholder="https://mcp.example.internal/mcp"
              spellCheck={false}
              onChange={(e) => setUrl(e.target.value)}
            />
          </label>
        </>
      )}
      {(entry || userUrls.enabled) && (
        <EraPicker
          era={era}
          onChange={(next) => setEras((known) => ({ ...known, [choice]: next }))}
          disabled={busy}
          hintId="hosted-protocol-era-hint"
          compact
        />
      )}
      <button
        type="submit"
        disabled={status === 'disconnected' && !entry && !(userUrls.enabled && url.trim())}
        className={status === 'connected' ? secondaryButtonClass : primaryButtonClass}
      >
        {status === 'disconnected' ? 'Connect' : 'Disconnect'}
      </button>
      <span className="flex h-[34px] items-center gap-2">
        <ConnectionStatusBadge />
        <OAuthButton />
        <NegotiatedEra />
      </span>
      <ConnectError />
      {catalog.length === 0 && !userUrls.enabled && (
        <p role="note" className="pb-1.5 text-sm text-slate-600 dark:text-slate-400">
          This bridge's catalog is empty: ask your admin to add servers under catalog.mcpServers.
        </p>
      )}
    </form>
  );
}

/** The entry the session is on (after a replay), else the first of the catalog. */
function initialChoice(
  target: Parameters<typeof catalogServerOf>[0] | undefined,
  catalog: CatalogServerInfo[],
): string {
  const current = target ? catalogServerOf(target) : undefined;
  if (current !== undefined && catalog.some((server) => server.name === current)) return current;
  return catalog[0]?.name ?? OWN_URL;
}
