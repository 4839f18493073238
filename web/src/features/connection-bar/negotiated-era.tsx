import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { KeepWhole } from '../../ui/keep-whole.tsx';
import { ListenStatus } from './listen-status.tsx';

/**
 * When connected: the negotiated revision and its era on one chip (`2026-07-28 · modern era`). The chip opens the
 * connection's details in a popover: what Auto's `server/discover` probe found and when, whether Auto probed or
 * used its remembered verdict (with a way to forget it), the list subscription and the server's capabilities.
 */
export function NegotiatedEra() {
  const { session } = useServices();
  const status = useStore(session.state, (s) => s.status);
  const revision = useStore(session.state, (s) => s.server?.protocolVersion);
  const era = useStore(session.state, (s) => s.server?.era);
  const probe = useStore(session.state, (s) => s.eraProbe);
  const capabilities = useStore(session.state, (s) => s.server?.capabilities);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  if (status !== 'connected' || !revision) return null;
  const names = Object.keys(capabilities ?? {}).filter((key) => key !== 'experimental');
  return (
    <span ref={ref} className="relative flex min-w-0 items-center">
      <button
        type="button"
        aria-expanded={open}
        aria-label={`Connection details: ${revision}${era ? ` · ${era} era` : ''}`}
        title="The negotiated revision; click for how it was chosen and what the server declared"
        className="flex min-w-0 items-center gap-1.5 overflow-hidden rounded-md border border-slate-200 px-2 py-1 text-xs whitespace-nowrap hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        onClick={() => setOpen((v) => !v)}
      >
        <span className="font-mono">{revision}</span>
        {era && <span className="text-slate-600 dark:text-slate-400">· {era} era</span>}
        <span aria-hidden>▾</span>
      </button>
      <div
        hidden={!open}
        className="absolute top-full right-0 z-30 mt-1 flex w-[26rem] max-w-[90vw] flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-xs shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        {probe && (
          <p title={probe.outcome}>
            {probe.source && (
              <span className="mr-1.5 rounded bg-slate-100 px-1 dark:bg-slate-800">{probe.source}</span>
            )}
            <KeepWhole
              text={`${probe.source === 'known' || probe.source === 'remembered' ? '' : 'Auto: '}${probe.outcome}${probe.ms !== undefined ? ` (${Math.round(probe.ms)} ms)` : ''}`}
            />
          </p>
        )}
        {probe?.source &&
          (probe.forgotten ? (
            <p className="text-slate-500">forgotten: the next connect probes</p>
          ) : (
            <button
              type="button"
              className="self-start text-indigo-600 hover:underline dark:text-indigo-400"
              title="Auto remembers the era of each server; forget it so the next connect probes again"
              onClick={() => session.forgetEra()}
            >
              Forget era
            </button>
          ))}
        <ListenStatus />
        <p className="flex flex-wrap items-center gap-1">
          <span className="text-slate-600 dark:text-slate-400">capabilities</span>
          {names.map((name) => (
            <span key={name} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono dark:bg-slate-800">
              {name}
            </span>
          ))}
        </p>
      </div>
    </span>
  );
}
