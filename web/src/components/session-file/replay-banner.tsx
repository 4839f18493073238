import { useServices } from '../../session-context.tsx';
import { useReplayControls } from '../../replay/replay-context.tsx';
import { describeTarget } from '../../../../shared/targets.ts';
import { secondaryButtonClass } from '../ui/field-classes.ts';

/** Replaces the connection bar in a replay: what was recorded, when, and the way back. */
export function ReplayBanner() {
  const { replay } = useServices();
  const { close } = useReplayControls();
  if (!replay) return null;
  const { file, name } = replay;
  return (
    <div
      role="note"
      aria-label="Replay"
      className="flex items-center gap-3 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm dark:border-sky-800 dark:bg-sky-950"
    >
      <span className="font-semibold">Read-only replay</span>
      <span className="truncate">
        {name} · exported {new Date(file.exportedAt).toLocaleString()} · {file.frames.length} frames ·{' '}
        {file.calls.length} calls
        {file.target ? ` · ${describeTarget(file.target)}` : ''}
      </span>
      <button type="button" className={`${secondaryButtonClass} ml-auto`} onClick={close}>
        Close replay
      </button>
    </div>
  );
}
