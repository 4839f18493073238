import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ServerTarget, TransportKind } from '#shared/targets.ts';
import { TRANSPORT_LABELS } from '#shared/targets.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { DeprecatedMark } from '../../ui/deprecated-mark.tsx';
import { deprecationOf } from '../../mcp/modern-rules.ts';
import { formFromTarget, targetFromForm, type TargetFormState } from './target-form-state.ts';
import { ConnectionStatusBadge } from './connection-status.tsx';
import { OAuthButton } from '../oauth/oauth-button.tsx';
import { NegotiatedEra } from './negotiated-era.tsx';
import { ListenStatus } from './listen-status.tsx';
import { ConnectionOptions } from './connection-options.tsx';
import { CopyLinkButton } from './copy-link-button.tsx';
import { ServersButton } from '../server-list/servers-button.tsx';

/** The top bar: where the server is (stdio command or URL) and the Connect button. */
export function ConnectionBar({
  initialTarget,
  autoConnect,
}: {
  initialTarget: ServerTarget | null;
  /** Connect at once (a target from the command line); a shared link waits for the user's click. */
  autoConnect: boolean;
}) {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const [form, setForm] = useState<TargetFormState>(() =>
    formFromTarget(session.state.get().target ?? initialTarget),
  );
  const [showMore, setShowMore] = useState(false);
  const autoConnected = useRef(false);

  useEffect(() => {
    // A target given on the command line (or the demo server) is connected right away.
    // Only a session that never connected: remounting the bar (after a replay) must not reconnect.
    if (autoConnect && initialTarget && !autoConnected.current && !session.state.get().target) {
      autoConnected.current = true;
      void session.connect(initialTarget);
    }
  }, [autoConnect, initialTarget, session]);

  const set = (patch: Partial<TargetFormState>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'disconnected')
      void session.connect(targetFromForm(form), { protocolVersion: form.protocolVersion });
    else void session.disconnect();
  };
  const busy = status !== 'disconnected';

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Connection">
      <label className="flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
        Transport
        <select
          className={`${inputClass} mt-0.5 w-40`}
          value={form.transport}
          disabled={busy}
          onChange={(e) => set({ transport: e.target.value as TransportKind })}
        >
          {(Object.keys(TRANSPORT_LABELS) as TransportKind[]).map((kind) => (
            <option key={kind} value={kind}>
              {TRANSPORT_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      {form.transport === 'sse' && (
        <span className="pb-2">
          <DeprecatedMark reason={deprecationOf('http+sse')} />
        </span>
      )}
      {form.transport === 'stdio' ? (
        <>
          <label className="flex w-56 flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
            Command
            <input
              className={`${inputClass} mt-0.5 font-mono`}
              value={form.command}
              disabled={busy}
              placeholder="node"
              spellCheck={false}
              onChange={(e) => set({ command: e.target.value })}
            />
          </label>
          <label className="flex min-w-48 flex-1 flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
            Arguments
            <input
              className={`${inputClass} mt-0.5 font-mono`}
              value={form.args}
              disabled={busy}
              placeholder="my-server.js --flag"
              spellCheck={false}
              onChange={(e) => set({ args: e.target.value })}
            />
          </label>
        </>
      ) : (
        <label className="flex min-w-72 flex-1 flex-col text-xs font-medium text-slate-600 dark:text-slate-400">
          URL
          <input
            className={`${inputClass} mt-0.5 font-mono`}
            value={form.url}
            disabled={busy}
            type="url"
            placeholder="http://127.0.0.1:3001/mcp"
            spellCheck={false}
            onChange={(e) => set({ url: e.target.value })}
          />
        </label>
      )}
      <button
        type="button"
        className={secondaryButtonClass}
        aria-expanded={showMore}
        onClick={() => setShowMore((v) => !v)}
      >
        Options
      </button>
      <ServersButton
        canLoad={!busy}
        current={() => targetFromForm(form)}
        onLoad={(target) =>
          setForm((f) => ({ ...formFromTarget(target), protocolVersion: f.protocolVersion }))
        }
      />
      <CopyLinkButton form={form} />
      <button type="submit" className={status === 'connected' ? secondaryButtonClass : primaryButtonClass}>
        {status === 'disconnected' ? 'Connect' : 'Disconnect'}
      </button>
      <ConnectionStatusBadge />
      <OAuthButton />
      <NegotiatedEra />
      <ListenStatus />
      {showMore && <ConnectionOptions form={form} set={set} disabled={busy} />}
    </form>
  );
}
