import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ServerTarget, TransportKind } from '#shared/targets.ts';
import { TRANSPORT_LABELS } from '#shared/targets.ts';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { DeprecatedMark } from '../../ui/deprecated-mark.tsx';
import { deprecationOf } from '#client/era/modern-rules.ts';
import { formFromTarget, targetFromForm, type TargetFormState } from './target-form-state.ts';
import { ConnectionStatusBadge } from './connection-status.tsx';
import { OAuthButton } from '../oauth/oauth-button.tsx';
import { NegotiatedEra } from './negotiated-era.tsx';
import { ConnectError } from './connect-error.tsx';
import { ProbeWaitLine } from './probe-wait-line.tsx';
import { ConnectionOptions } from './connection-options.tsx';
import { CopyLinkButton } from './copy-link-button.tsx';
import { ServersButton } from '../server-list/servers-button.tsx';
import { useCentreColumnBox } from './use-centre-column-box.ts';

const fieldLabelClass = 'flex flex-col text-xs font-medium text-slate-600 dark:text-slate-400';

/**
 * The connection row: where the server is (stdio command or URL), Connect, the state and the negotiated era at
 * a fixed width beside it, then Options, Servers and Copy link; why a connect failed, Auto's wait and the
 * options in a card below that floats over the panels. An "OAuth"
 * control belongs in the fixed status slot's row, before Options.
 */
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
  const formRef = useRef<HTMLFormElement>(null);
  const cardBox = useCentreColumnBox(formRef);

  useEffect(() => {
    // A target given on the command line (or the demo server) is connected right away.
    // Only a session that never connected: remounting the bar (after a replay) must not reconnect.
    if (autoConnect && initialTarget && !autoConnected.current && !session.state.get().target) {
      autoConnected.current = true;
      void session.connect(initialTarget);
    }
  }, [autoConnect, initialTarget, session]);

  // The options float over the Tool pane's top: a connect, however started, closes them,
  // and so does a click anywhere else on the page (a click on plain text moves no focus, so onBlur misses it).
  const [seenStatus, setSeenStatus] = useState(status);
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (status !== 'disconnected') setShowMore(false);
  }
  useEffect(() => {
    if (!showMore) return;
    const close = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (formRef.current?.contains(target) || target?.closest?.('dialog')) return;
      setShowMore(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [showMore]);

  const set = (patch: Partial<TargetFormState>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === 'disconnected') {
      // The options card floats over the Tool pane: it goes away once the connect starts.
      setShowMore(false);
      void session.connect(targetFromForm(form), { protocolVersion: form.protocolVersion });
    } else void session.disconnect();
  };
  const busy = status !== 'disconnected';
  const retryWithAuto = () => {
    const next = { ...form, era: 'auto' as const };
    setForm(next);
    setShowMore(false);
    void session.connect(targetFromForm(next), { protocolVersion: next.protocolVersion });
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      className="relative flex flex-col gap-1.5"
      aria-label="Connection"
      // The options float over the panels like a popover: Escape or a move elsewhere on the page closes them.
      onKeyDown={(event) => {
        if (event.key === 'Escape' && showMore) setShowMore(false);
      }}
      onBlur={(event) => {
        if (showMore && !event.currentTarget.contains(event.relatedTarget)) setShowMore(false);
      }}
    >
      {/* One row whose parts keep their widths whatever the state, so Connect never moves under the cursor. */}
      <div className="flex items-end gap-2">
        <label className={`${fieldLabelClass} w-40 shrink-0`}>
          Transport
          <select
            className={`${inputClass} mt-0.5`}
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
        {form.transport === 'stdio' ? (
          <>
            {/* The whole value as a tooltip on the label too: a disabled input (while connected) shows none. */}
            <label className={`${fieldLabelClass} min-w-32 flex-[2]`} title={form.command}>
              Command
              <input
                className={`${inputClass} mt-0.5 font-mono`}
                value={form.command}
                disabled={busy}
                title={form.command}
                placeholder="node"
                spellCheck={false}
                onChange={(e) => set({ command: e.target.value })}
              />
            </label>
            <label className={`${fieldLabelClass} min-w-40 flex-[3]`} title={form.args}>
              Arguments
              <input
                className={`${inputClass} mt-0.5 font-mono`}
                value={form.args}
                disabled={busy}
                title={form.args}
                placeholder="my-server.js --flag"
                spellCheck={false}
                onChange={(e) => set({ args: e.target.value })}
              />
            </label>
          </>
        ) : (
          <label className={`${fieldLabelClass} min-w-72 flex-[5]`}>
            <span className="flex items-center gap-2">
              URL
              {form.transport === 'sse' && <DeprecatedMark reason={deprecationOf('http+sse')} />}
            </span>
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
          type="submit"
          // One look for Disconnect, connecting or connected: only Connect is the filled button.
          className={`${status === 'disconnected' ? primaryButtonClass : secondaryButtonClass} w-28 shrink-0 justify-center`}
        >
          {status === 'disconnected' ? 'Connect' : 'Disconnect'}
        </button>
        <span className="flex h-[34px] w-[21rem] shrink-0 items-center gap-2">
          <ConnectionStatusBadge />
          <OAuthButton
            draft={form.transport === 'stdio' ? undefined : targetFromForm(form)}
            offered={showMore}
          />
          <NegotiatedEra />
        </span>
        <span className="flex shrink-0 items-center gap-2">
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
        </span>
      </div>
      {/* Below the row, over the centre column's top only: a wait, an error or the options never push the page
          down (nothing moves) and never cover the side panels' tab strips or the Trace header. */}
      <div
        role="group"
        aria-label="Connection card"
        className="absolute top-full left-0 z-30 mt-2 flex w-full max-w-[64rem] flex-col gap-1.5 rounded-md border border-slate-200 bg-white p-2 shadow-lg empty:hidden dark:border-slate-700 dark:bg-slate-900"
        style={cardBox && { left: cardBox.left, width: cardBox.width, top: cardBox.top, marginTop: 0 }}
      >
        <ProbeWaitLine />
        <ConnectError onRetryWithAuto={retryWithAuto} edited={targetFromForm(form)} />
        {showMore && <ConnectionOptions form={form} set={set} disabled={busy} />}
      </div>
    </form>
  );
}
