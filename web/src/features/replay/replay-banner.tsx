import { useServices } from '../../services.ts';
import { useReplayControls } from '../../replay/replay-services.ts';
import { describeTarget } from '#shared/targets.ts';
import { useStore } from '../../ui/use-store.ts';
import type { LiveReplay } from '../../replay/live-replay.ts';
import { secondaryButtonClass } from '../../ui/field-classes.ts';
import { serverName } from '#client/session/server-name.ts';
import { RecordedOAuthButton } from '../oauth/recorded-oauth-button.tsx';

/** Replaces the connection bar in a replay: what was recorded, when, and the way back. */
export function ReplayBanner() {
  const { replay, session, history } = useServices();
  const { close } = useReplayControls();
  const frames = useStore(session.trace, (s) => s.frames.length);
  const calls = useStore(history, (s) => s.calls.length);
  const server = useStore(session.state, (s) => s.server);
  if (!replay) return null;
  const { file, name, shared } = replay;
  const target = file.target ? describeTarget(file.target) : undefined;
  const named = serverName(server?.info, target);
  // Led by the server's title and version, which say whose recording it is: the command is long and cut, so it is the tooltip. The
  // recording's own name shows too when someone named it ("Bug 42: echo repro").
  const renamed = name !== target && name !== named.label ? name : undefined;
  return (
    <>
      <div
        role="note"
        aria-label="Replay"
        className="flex items-center gap-3 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm dark:border-sky-800 dark:bg-sky-950"
      >
        <span className="font-semibold whitespace-nowrap">
          {shared ? 'Shared recording, read-only' : 'Read-only replay'}
        </span>
        {shared?.live && <LiveStatus live={shared.live} />}
        <span className="min-w-0 truncate" title={target}>
          <span className="font-medium">{named.label}</span>
          {renamed && ` · ${renamed}`} · {shared ? 'recorded' : 'exported'}{' '}
          {new Date(file.exportedAt).toLocaleString()} · {plural(frames, 'frame')} · {plural(calls, 'call')}
          {server && ` · ${server.protocolVersion}${server.era ? ` (${server.era} era)` : ''}`}
        </span>
        <RecordedOAuthButton />
        {!shared && (
          <button type="button" className={`${secondaryButtonClass} ml-auto`} onClick={close}>
            Close replay
          </button>
        )}
      </div>
      {shared?.live && <LiveRefusal live={shared.live} />}
    </>
  );
}

/** Why the bridge refuses to let this page watch live (its address), in full: it names the setting to change. */
function LiveRefusal({ live }: { live: LiveReplay }) {
  const { status, detail } = useStore(live, (s) => s);
  if (status !== 'refused' || !detail) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      Not watching live. {detail}
    </p>
  );
}

/** Whether a shared recording is still being watched live; paused, with the reason, while the bridge cannot keep it. */
function LiveStatus({ live }: { live: LiveReplay }) {
  const { status, detail, interrupted } = useStore(live, (s) => s);
  const label =
    status === 'live'
      ? 'Live'
      : status === 'paused'
        ? `Paused: ${detail ?? 'the recording cannot be written for now'}`
        : status === 'connecting'
          ? 'Connecting…'
          : status === 'reconnecting'
            ? 'Reconnecting…'
            : status === 'refused'
              ? 'Not live'
              : 'Ended';
  const tone =
    status === 'live'
      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200'
      : status === 'paused'
        ? 'max-w-96 truncate bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
        : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300';
  return (
    <>
      <span
        role="status"
        aria-label="Live status"
        title={
          status === 'paused'
            ? `${detail ?? ''}. What happens is still shown here; the bridge writes it into the recording when it can.`
            : detail
        }
        className={`shrink-0 rounded px-1.5 text-xs font-semibold whitespace-nowrap ${tone}`}
      >
        {status === 'live' ? '● ' : ''}
        {label}
      </span>
      {interrupted && (
        <span
          title={interrupted}
          className="shrink-0 rounded bg-amber-100 px-1.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          Interrupted
        </span>
      )}
    </>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
